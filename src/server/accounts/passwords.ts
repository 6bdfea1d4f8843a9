import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { lazy } from '#src/server/lazy.ts';

// The native module loads at the first password, not at start-up (~10 ms of the cold start).
const argon2 = lazy(() => import('@node-rs/argon2'));

// product rules S4: argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1).
// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// One password, however the keyboard composed its accents: "Café" typed as NFD is the NFC "Café".
const normalised = (password: string) => password.normalize('NFC');

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return hash(normalised(password), OPTIONS);
}

async function matches(storedHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (await matches(storedHash, normalised(password))) return true;
  // Hashes made before normalisation hold the password exactly as it was typed.
  return password !== normalised(password) && matches(storedHash, password);
}

export const samePassword = (a: string, b: string) => normalised(a) === normalised(b);

// Unknown emails are checked against this hash, so both login failures cost the same time.
let dummyHash: Promise<string> | null = null;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('tessera-timing-equaliser');
  return dummyHash.then((stored) => verifyPassword(stored, password));
}

// Beyond the spec's minimum length, a password zxcvbn scores below 2 ("too guessable") is
// refused. It knows the common-password and word lists and is fed what an attacker knows of this
// account: its name, its email and the product's name. Loaded on first use to keep start-up fast.
const MIN_SCORE = 2;
type Check = (password: string, userInputs: string[]) => number;
let checker: Promise<Check> | null = null;
export async function isWeakPassword(password: string, knownAbout: string[]): Promise<boolean> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    // The packages' ESM and CommonJS builds export differently; the bundle sees either.
    const { ZxcvbnFactory } = ('ZxcvbnFactory' in core ? core : (core as { default: typeof core }).default) as typeof core;
    const { dictionary, adjacencyGraphs } = (
      'dictionary' in common ? common : (common as { default: typeof common }).default
    ) as typeof common;
    const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
    return (candidate, userInputs) => zxcvbn.check(candidate, userInputs).score;
  });
  const inputs = [PRODUCT_NAME, ...knownAbout.flatMap((value) => [value, ...value.split(/[\s@.+_-]+/)])].filter(
    (value) => value.length > 0,
  );
  return (await checker)(normalised(password), inputs) < MIN_SCORE;
}
