import type { NamedRef } from './paths.ts';

// Names as people type them: "@zoe" finds Zoë, "@ANA" finds Ana, "@ben.okafor" finds Ben Okafor.

export interface MemberRef {
  id: string;
  name: string;
  email: string;
}

// Lower case, accents off, so "Zoë", "ZOE" and "zoe" compare equal.
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// \u2019, the curly apostrophe, escaped as in task-keys.ts (the server bundle stays ASCII).
const squash = (value: string) => fold(value).replace(/[\s._'\u2019-]+/gu, '');

interface Folded {
  member: MemberRef;
  email: string;
  local: string;
  name: string;
  first: string;
  last: string;
}

// Folded once per member list (a parse of 200 lines asks about the same members again and again).
const foldedLists = new WeakMap<readonly MemberRef[], Folded[]>();

function foldedOf(members: readonly MemberRef[]): Folded[] {
  let folded = foldedLists.get(members);
  if (!folded) {
    folded = members.map((member) => {
      const words = fold(member.name).split(/\s+/u).filter(Boolean).map(squash);
      return {
        member,
        email: fold(member.email),
        local: squash(member.email.split('@')[0] ?? ''),
        name: squash(member.name),
        first: words[0] ?? '',
        last: words.at(-1) ?? '',
      };
    });
    foldedLists.set(members, folded);
  }
  return folded;
}

// The member a handle names: the whole email, its local part, the whole name (spaces, dots and dashes
// ignored), the first or the last name, then the start of a first name; only when exactly one member
// fits the first rule that any member fits. Ambiguous or unknown handles match nobody.
export function matchMember(handle: string, members: readonly MemberRef[]): MemberRef | null {
  const wanted = squash(handle);
  if (wanted === '') return null;
  const email = fold(handle);
  const rules: Array<(member: Folded) => boolean> = [
    (member) => member.email === email,
    (member) => member.local === wanted,
    (member) => member.name === wanted,
    (member) => member.first === wanted,
    (member) => member.last === wanted,
    (member) => wanted.length >= 2 && member.first.startsWith(wanted),
  ];
  const folded = foldedOf(members);
  for (const rule of rules) {
    const found = folded.filter(rule);
    if (found.length === 1) return found[0]!.member;
    if (found.length > 1) return null;
  }
  return null;
}

// A project or client named anywhere in the text as whole words ("the Brightlane launch").
export function findNamed<T extends NamedRef>(text: string, names: readonly T[]): { ref: T; start: number; end: number } | null {
  const folded = fold(text);
  for (const ref of [...names].sort((a, b) => b.name.length - a.name.length)) {
    const name = fold(ref.name).trim();
    if (name === '') continue;
    let at = folded.indexOf(name);
    while (at !== -1) {
      const before = folded[at - 1];
      const after = folded[at + name.length];
      const bounded = (char: string | undefined) => char === undefined || !/[\p{L}\p{N}]/u.test(char);
      if (bounded(before) && bounded(after)) return { ref, start: at, end: at + name.length };
      at = folded.indexOf(name, at + 1);
    }
  }
  return null;
}
