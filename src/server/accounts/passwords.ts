import { hash, verify } from '@node-rs/argon2';

// DESIGN: argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1).
// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Unknown emails are checked against this hash, so both login failures cost the same time.
let dummyHash: Promise<string> | null = null;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('tessera-timing-equaliser');
  return dummyHash.then((stored) => verifyPassword(stored, password));
}

// DESIGN: the most common passwords are refused, from a maintained list (zxcvbn-ts's common
// dictionary, its 10,000 most frequent), loaded on first use to keep start-up fast.
const COMMON_COUNT = 10_000;
let common: Promise<Set<string>> | null = null;
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then((module) => {
    // The package's ESM and CommonJS builds export the dictionary differently; the bundle sees either.
    const { dictionary } = ('dictionary' in module ? module : (module as { default: typeof module }).default) as typeof module;
    return new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_COUNT));
  });
  return (await common).has(password.toLowerCase());
}
