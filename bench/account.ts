import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '#src/server/accounts/secrets.ts';
import type { Db } from '#src/server/db/connect.ts';
import { SESSION_TTL_MS } from '#src/shared/limits.ts';
import { inBatches, userRow } from './insights.ts';
import type { BenchServer } from './server.ts';

export interface BenchAccount {
  email: string;
  password: string;
  // `tessera_session=...`, ready for a Cookie header.
  cookie: string;
}

// The console mailer prints the code indented on a line of its own (src/server/mail/templates.ts).
const CODE = /verify your email address:\s+([A-Z0-9]{6})\s/;

// A registered, verified, signed-in user, made through the public API the way a person would; the
// code comes from the console mailer's output (SMTP_URL unset).
export async function createSignedInAccount(server: BenchServer): Promise<BenchAccount> {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-mark-password-7';
  const post = async (path: string, body: unknown, expected: number) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`POST /api${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  await post('/register', { name: 'Bench Mark', email, password }, 201);
  for (let waited = 0; !CODE.test(server.output()); waited += 20) {
    if (waited > 5000) throw new Error('no verification code in the server output (console mailer)');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await post('/verify-email', { email, code: CODE.exec(server.output())![1] }, 200);
  const login = await post('/login', { email, password }, 200);
  const cookie = login.headers
    .getSetCookie()
    .find((header) => header.startsWith('tessera_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('POST /api/login set no tessera_session cookie');
  // The throughput run must measure the signed-in path, not the guest answer.
  const current = (await (await fetch(`${server.url}/api/current-user`, { headers: { cookie } })).json()) as {
    user: { email: string } | null;
  };
  if (current.user?.email !== email) throw new Error('GET /api/current-user did not return the signed-in user');
  return { email, password, cookie };
}

// A session for each of these people as a sign-in makes it, written straight into the server's database (for
// people the bench seeds in bulk, whom signing up through the API would take minutes); answers their Cookie
// headers. A shorter life than a sign-in's would have the server renew each on its first use, a write apiece.
export async function seedSessions(db: Db, userIds: string[], now: number): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.kysely
    .insertInto('sessions')
    .values(
      userIds.map((userId, i) => ({
        id: randomUUID(),
        token_hash: sha256(tokens[i]!),
        user_id: userId,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        user_agent: 'bench',
        ip: null,
        last_seen_at: now,
      })),
    )
    .execute();
  return tokens.map((token) => `tessera_session=${token}`);
}

// `count` members of the workspace (verified people without a password, named by `name`), written in
// bulk; answers their ids.
export async function seedMembers(db: Db, workspaceId: string, count: number, now: number, name: (i: number) => string): Promise<string[]> {
  const people = Array.from({ length: count }, (_, i) => userRow(randomUUID(), now, name(i)));
  await inBatches(people, (batch) => db.kysely.insertInto('users').values(batch).execute());
  await inBatches(people, (batch) =>
    db.kysely
      .insertInto('memberships')
      .values(
        batch.map((person) => ({
          workspace_id: workspaceId,
          user_id: person.id,
          role: 'member' as const,
          joined_at: now,
          last_opened_at: null,
        })),
      )
      .execute(),
  );
  return people.map((person) => person.id);
}
