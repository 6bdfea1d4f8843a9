// Task keys: a workspace's prefix and a task's number, `TSR-42`. The prefix is 2 to 6 capital letters or
// digits starting with a letter, short enough to read on a card and to type in a commit message.
export const TASK_PREFIX_MIN = 2;
export const TASK_PREFIX_MAX = 6;
export const TASK_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{1,5}$/;

export const taskKey = (prefix: string, number: number): string => `${prefix}-${number}`;

// Where a task opens, by its key: the board with its sheet open (/board?task=TSR-42).
export const taskAddress = (key: string): string => `/board?task=${encodeURIComponent(key)}`;

// A key typed anywhere (a URL, a search, the API): any case, the number without leading zeros.
const KEY = /^([A-Za-z][A-Za-z0-9]{1,5})-([1-9][0-9]{0,8})$/;

export function parseTaskKey(text: string): { prefix: string; number: number } | null {
  const match = KEY.exec(text.trim());
  return match ? { prefix: match[1]!.toUpperCase(), number: Number(match[2]) } : null;
}

// Keys of any prefix typed among other words (a search for "TSR-42" or "tsr-42 login"), in order, once each.
export function taskKeysIn(text: string): { prefix: string; number: number }[] {
  const found = new Map<string, { prefix: string; number: number }>();
  for (const match of text.matchAll(/(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]{1,5})-([1-9][0-9]{0,8})(?![A-Za-z0-9])/g)) {
    const key = { prefix: match[1]!.toUpperCase(), number: Number(match[2]) };
    found.set(taskKey(key.prefix, key.number), key);
  }
  return [...found.values()];
}

// Keys named in free text (a commit message, a pull request's title, body or branch). A key stands
// as a word of its own: `TSR-42` in "fix/TSR-42-login" counts, "XTSR-42" or "TSR-421" do not name TSR-42.
export function keysIn(text: string, prefix: string): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`(?<![A-Za-z0-9])${prefix}-([1-9][0-9]{0,8})(?![0-9])`, 'gi');
  for (const match of text.matchAll(pattern)) found.add(Number(match[1]));
  return [...found];
}

// "Fixes TSR-42", "closes TSR-42", "resolved TSR-42": the words GitHub itself uses to close an issue.
export function closingKeysIn(text: string, prefix: string): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s*:?\\s+${prefix}-([1-9][0-9]{0,8})(?![0-9])`, 'gi');
  for (const match of text.matchAll(pattern)) found.add(Number(match[1]));
  return [...found];
}

// The prefix a new workspace starts with: the initials of a name of several words ("Acme Design Team":
// ADT), else its first letters ("Tessera": TES); an owner may change it.
export function defaultTaskPrefix(workspaceName: string): string {
  const words = workspaceName
    .normalize('NFKD')
    // Accents and apostrophes belong to their word ("Ada Owner's workspace": AOW). The curly one is
    // escaped: one non-ASCII character makes V8 hold the whole server bundle as a two-byte string.
    .replace(/[\p{M}'\u2019]/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const fromInitials = words.length > 1 ? words.map((word) => word[0]).join('') : '';
  const candidate = (fromInitials.length >= TASK_PREFIX_MIN ? fromInitials : (words[0] ?? '')).slice(0, fromInitials ? TASK_PREFIX_MAX : 3);
  return TASK_PREFIX_PATTERN.test(candidate) ? candidate : 'TASK';
}
