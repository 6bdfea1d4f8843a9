import { hash, verify } from '@node-rs/argon2';
import { median } from './stats';

// The server's parameters (src/server/accounts/passwords.ts, DESIGN: OWASP's argon2id).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// DESIGN budget: the password hash is the cost of signing in; everything around it (HTTP, rate-limit
// counters, user look-up, the new session's commit) adds under 10 %. One request at a time, the bare
// verify and the sign-in interleaved so both see the same machine.
export async function signInCost(url: string, email: string, password: string, runs = 30, warmup = 3) {
  const stored = await hash(password, ARGON2ID);
  const bare: number[] = [];
  const login: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    let started = performance.now();
    if (!(await verify(stored, password))) throw new Error('argon2id verify failed');
    const bareMs = performance.now() - started;
    started = performance.now();
    const response = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    await response.arrayBuffer();
    const loginMs = performance.now() - started;
    if (response.status !== 200) throw new Error(`POST /api/login answered ${response.status}`);
    if (i < warmup) continue;
    bare.push(bareMs);
    login.push(loginMs);
  }
  const bareMs = median(bare);
  const loginMs = median(login);
  return { bareMs, loginMs, overheadPct: ((loginMs - bareMs) / bareMs) * 100, runs: { bare, login } };
}
