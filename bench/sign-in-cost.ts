import { hash } from '@node-rs/argon2';
import { startBareFastify } from './api-throughput.ts';
import { median } from './stats.ts';

// The server's parameters (src/server/accounts/passwords.ts, product rules S4: OWASP's argon2id).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const post = async (url: string, body: unknown) => {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
};

// product rules B3: the password hash is the cost of signing in; everything around it (rate-limit
// counters, user look-up, the new session's commit, the cookie) adds under 10 %. The yardstick is a
// bare Fastify route that only verifies the same password against a stored argon2id hash, so both
// sides pay the same HTTP round trip, which on an idle machine costs more than the 10 % alone. One
// request at a time, the two interleaved so both see the same machine.
export async function signInCost(url: string, email: string, password: string, port: number, runs = 60, warmup = 5) {
  const stored = await hash(password, ARGON2ID);
  const bareServer = await startBareFastify(port, {
    setup: `import { verify } from '@node-rs/argon2';\nconst stored = ${JSON.stringify(stored)};`,
    routes: `app.post('/verify', async (request, reply) => (await verify(stored, request.body.password)) ? { ok: true } : reply.code(401).send({ error: 'no' }));`,
    path: '/verify',
  });
  const bare: number[] = [];
  const login: number[] = [];
  try {
    for (let i = 0; i < warmup + runs; i++) {
      const verified = await post(bareServer.url, { email, password });
      if (verified.status !== 200) throw new Error(`the bare verify route answered ${verified.status}`);
      const signedIn = await post(`${url}/api/login`, { email, password });
      if (signedIn.status !== 200) throw new Error(`POST /api/login answered ${signedIn.status}`);
      if (i < warmup) continue;
      bare.push(verified.ms);
      login.push(signedIn.ms);
    }
  } finally {
    await bareServer.close();
  }
  const bareMs = median(bare);
  const loginMs = median(login);
  return { bareMs, loginMs, overheadPct: ((loginMs - bareMs) / bareMs) * 100, runs: { bare, login } };
}
