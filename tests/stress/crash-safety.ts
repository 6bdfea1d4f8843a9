// Crash safety: clients register and change passwords while the server is killed with SIGKILL at a
// random moment; after a restart every change that was answered 2xx is there, and nothing is half-written.
import { verify } from '@node-rs/argon2';
import type { Engine } from '#src/server/db/connect.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase } from '../support/test-db.ts';
import { api, databaseEnv, startServer } from './server-process.ts';

const CLIENTS = 20;
const ROUNDS = 3;

interface ClientState {
  email: string;
  password: string;
  // A change sent but not answered when the server died: either outcome is allowed.
  pending: string | null;
  cookie: string | null;
}

export async function crashSafety(engine: Engine, port: number) {
  const database = await createTestDatabase(engine);
  const mail = await startSmtpSink();
  const serverEnv = databaseEnv(engine, database, mail);
  const acknowledgedRegistrations: string[] = [];
  let acknowledgedWrites = 0;
  const clients: ClientState[] = [];
  let stop = false;

  try {
    let server = await startServer(serverEnv, port);
    // Each client starts with a verified, signed-in account.
    for (let i = 0; i < CLIENTS; i++) {
      const email = `crash.${engine}.${Date.now().toString(36)}.${i}@example.com`;
      const password = `initial-pass-${i}`;
      await api(server.url, 'POST', '/register', { name: `Crash ${i}`, email, password });
      const code = (await mail.waitFor(email)).code;
      await api(server.url, 'POST', '/verify-email', { email, code });
      const login = await api(server.url, 'POST', '/login', { email, password });
      clients.push({ email, password, pending: null, cookie: login.cookie ?? null });
    }

    async function work(state: ClientState, index: number, url: string) {
      let n = 0;
      while (!stop) {
        n += 1;
        try {
          if (n % 2 === 0) {
            const email = `crash.reg.${engine}.${index}.${Date.now().toString(36)}.${n}@example.com`;
            const answer = await api(url, 'POST', '/register', { name: `Reg ${index}-${n}`, email, password: `reg-pass-${n}-x` });
            if (answer.status === 201) {
              acknowledgedRegistrations.push(email);
              acknowledgedWrites += 1;
            }
          } else {
            const next = `changed-${index}-${n}-${Math.random().toString(36).slice(2, 8)}`;
            state.pending = next;
            const answer = await api(
              url,
              'PUT',
              '/change-password',
              { currentPassword: state.password, newPassword: next },
              state.cookie ?? undefined,
            );
            if (answer.status === 200) {
              state.password = next;
              acknowledgedWrites += 1;
            }
            state.pending = null;
          }
        } catch {
          return; // the server died under us
        }
      }
    }

    let crashes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      stop = false;
      const running = clients.map((state, index) => work(state, index, server.url));
      const before = acknowledgedWrites;
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1500));
      // On a loaded machine the first answers after a restart can take longer than the random delay; the
      // kill must land among acknowledged writes, so it waits (up to 5 s) for the round's first one.
      for (let waited = 0; acknowledgedWrites === before && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await server.kill('SIGKILL');
      crashes += 1;
      stop = true;
      await Promise.all(running);
      server = await startServer(serverEnv, port);
      // A pending change may have landed before the kill; find out which password holds now.
      for (const state of clients) {
        if (state.pending) {
          const login = await api(server.url, 'POST', '/login', { email: state.email, password: state.pending });
          if (login.status === 200) state.password = state.pending;
          state.pending = null;
        }
        const login = await api(server.url, 'POST', '/login', { email: state.email, password: state.password });
        state.cookie = login.cookie ?? null;
      }
    }

    // Check every acknowledged write against the database itself.
    const db = await database.open();
    const lost: string[] = [];
    try {
      const rows = await db.kysely.selectFrom('users').select(['email', 'password_hash']).execute();
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      for (const email of acknowledgedRegistrations) if (!byEmail.has(email)) lost.push(`registration ${email}`);
      for (const state of clients) {
        const row = byEmail.get(state.email);
        if (!row?.password_hash || !(await verify(row.password_hash, state.password))) lost.push(`password of ${state.email}`);
      }
      const halfWritten = rows.filter((row) => !row.password_hash || !row.password_hash.startsWith('$argon2id$'));
      const orphanSessions = await db.kysely
        .selectFrom('sessions')
        .leftJoin('users', 'users.id', 'sessions.user_id')
        .where('users.id', 'is', null)
        .select('sessions.token_hash')
        .execute();
      await server.kill();
      return { engine, crashes, acknowledgedWrites, lost, halfWritten: halfWritten.length + orphanSessions.length };
    } finally {
      await db.close();
    }
  } finally {
    stop = true;
    await mail.close();
    await database.drop();
  }
}
