import type { Kysely } from 'kysely';
import { toPublicUser, type UserRow } from '#src/server/accounts/users.ts';
import type { Database } from '#src/server/db/schema.ts';
import { membershipsOf, workspaceIdsOf } from '#src/server/workspace-access/memberships.ts';
import { listSessions } from './devices.ts';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
// A page of a hundred 20 KB task descriptions is about 2 MB read and written in one go: short enough that
// other people's requests, served between pages, never wait on a whole large page.
const PAGE = 100;

// Rows read a page at a time by a key that only grows, so a large account never sits in memory whole;
// between pages the event loop serves everyone else (a page read on SQLite holds it while it runs, and
// four large exports in a row otherwise kept other people's requests waiting for seconds).
async function* pages<Row extends { id: string }>(read: (after: string) => Promise<Row[]>): AsyncGenerator<Row> {
  let after = '';
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function* jsonArray(key: string, rows: AsyncIterable<unknown>, last = false): AsyncGenerator<string> {
  yield `${JSON.stringify(key)}:[`;
  let first = true;
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  yield last ? '\n]' : '\n],\n';
}

async function* list<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

// product rules U4: the account's data as one JSON document, generated on the server and streamed as it
// is read. Never a password hash, a token, a TOTP seed or a recovery code.
export async function* exportAccount(db: Kysely<Database>, user: UserRow, now: number, twoFactorOn: boolean): AsyncGenerator<string> {
  const profile = toPublicUser(user);
  yield `{\n"exportedAt":${JSON.stringify(iso(now))},\n"profile":${JSON.stringify(profile)},\n`;
  yield `"signIn":${JSON.stringify({ password: user.password_hash !== null, google: user.google_sub !== null, twoFactor: twoFactorOn })},\n`;
  yield* jsonArray(
    'workspaces',
    pages((after) =>
      membershipsOf(db, user.id)
        .select(['w.id', 'w.name', 'w.created_by', 'w.created_at', 'm.role', 'm.joined_at'])
        .where('w.id', '>', after)
        .orderBy('w.id')
        .limit(PAGE)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            name: row.name,
            role: row.role,
            joinedAt: iso(row.joined_at),
            createdByYou: row.created_by === user.id,
            createdAt: iso(row.created_at),
          })),
        ),
    ),
  );
  // Only in workspaces they still belong to (product rules W6), and not those waiting in the undo bin.
  const theirs = workspaceIdsOf(db, user.id);
  yield* jsonArray(
    'tasksCreated',
    pages((after) =>
      db
        .selectFrom('tasks as t')
        .innerJoin('board_columns as c', 'c.id', 't.column_id')
        .select([
          't.id',
          't.workspace_id',
          't.title',
          't.description',
          't.priority',
          't.due_date',
          't.labels',
          'c.name as status',
          't.created_at',
          't.updated_at',
        ])
        .where('t.workspace_id', 'in', theirs)
        .where('t.created_by', '=', user.id)
        .where('t.deleted_at', 'is', null)
        .where('t.id', '>', after)
        .orderBy('t.id')
        .limit(PAGE)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            workspaceId: row.workspace_id,
            title: row.title,
            description: row.description,
            status: row.status,
            priority: row.priority,
            dueDate: row.due_date,
            labels: JSON.parse(row.labels) as string[],
            createdAt: iso(row.created_at),
            updatedAt: iso(row.updated_at),
          })),
        ),
    ),
  );
  yield* jsonArray(
    'commentsWritten',
    pages((after) =>
      db
        .selectFrom('comments as c')
        .innerJoin('tasks as t', 't.id', 'c.task_id')
        .select(['c.id', 'c.workspace_id', 'c.task_id', 'c.body', 'c.created_at'])
        .where('c.workspace_id', 'in', theirs)
        .where('c.author_id', '=', user.id)
        .where('t.deleted_at', 'is', null)
        .where('c.id', '>', after)
        .orderBy('c.id')
        .limit(PAGE)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            workspaceId: row.workspace_id,
            taskId: row.task_id,
            body: row.body,
            createdAt: iso(row.created_at),
          })),
        ),
    ),
  );
  yield* jsonArray('sessions', list((await listSessions(db, user.id, null, now)).map(({ current: _current, ...session }) => session)));
  // Passkeys without their public keys: a name, where it was made, and when.
  yield* jsonArray(
    'passkeys',
    list(
      (
        await db
          .selectFrom('passkeys')
          .select(['name', 'device', 'backed_up', 'created_at', 'last_used_at'])
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .execute()
      ).map((row) => ({
        name: row.name,
        device: row.device,
        synced: row.backed_up === 1,
        createdAt: iso(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
      })),
    ),
  );
  yield* jsonArray(
    'securityEvents',
    pages((after) =>
      db
        .selectFrom('account_events')
        .select(['id', 'action', 'ip', 'created_at'])
        .where('user_id', '=', user.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, action: row.action, ip: row.ip, at: iso(row.created_at) }))),
    ),
    true,
  );
  yield '\n}\n';
}
