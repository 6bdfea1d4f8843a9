// The first reads an app page made at its last few addresses on this device, so a returning page asks
// them as its code starts, beside the session and the workspace list, instead of a round trip after the
// list (app/page-first-reads.ts works them out). Forgotten when someone signs in or out here: they are
// never asked for another person.
const REMEMBERED_READS_KEY = 'tessera:first-reads';
// Addresses kept, the latest first: a person reloads or reopens the few pages they work in.
const ADDRESSES = 5;

type Entry = [address: string, paths: string[]];

const isEntry = (value: unknown): value is Entry =>
  Array.isArray(value) && typeof value[0] === 'string' && Array.isArray(value[1]) && value[1].every((path) => typeof path === 'string');

// Read as the app starts (app/main.tsx), so anything else under the key is no entry rather than a throw.
function remembered(): Entry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REMEMBERED_READS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  } catch {
    // storage can be unavailable (private mode) or hold something else; the reads then wait for the list
    return [];
  }
}

export function rememberedReads(address: string): string[] {
  return remembered().find(([at]) => at === address)?.[1] ?? [];
}

export function rememberReads(address: string, paths: string[]): void {
  const kept = remembered().filter(([at]) => at !== address);
  try {
    localStorage.setItem(REMEMBERED_READS_KEY, JSON.stringify([[address, paths], ...kept].slice(0, ADDRESSES)));
  } catch {
    // see above
  }
}

export function forgetReads(): void {
  try {
    localStorage.removeItem(REMEMBERED_READS_KEY);
  } catch {
    // see above
  }
}
