// The client dashboard's data budget: one dashboard answer for a workspace with 1,000 clients, 5,000
// projects and 50,000 tasks, the service call its route makes, on a database seeded in bulk.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDashboard } from '#src/server/clients/dashboard.ts';
import { openSqlite, type Db } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { inBatches, p99, seed, taskRow, timed } from './insights.ts';

const DAY_MS = 86_400_000;
const STATUSES = ['Active', 'Pending', 'Inactive'] as const;
const PROJECT_STATUSES = ['Active', 'On hold', 'Completed'] as const;

export interface ClientBook {
  clients: number;
  projects: number;
  tasks: number;
}

export const FULL_BOOK: ClientBook = { clients: 1000, projects: 5000, tasks: 50_000 };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// A workspace's clients, their projects (values, end dates around now) and tasks, as a year of use leaves them.
export async function seedClientBook(db: Db, workspaceId: string, userId: string, columnIds: string[], now: number, book: ClientBook) {
  const k = db.kysely;
  const clients = Array.from({ length: book.clients }, (_, i) => ({
    id: randomUUID(),
    workspace_id: workspaceId,
    name: `Bench client ${i + 1}`,
    company: `Company ${i % 97}`,
    status: STATUSES[i % 3]!,
    notes: '',
    last_contact_at: i % 2 ? now - (i % 60) * DAY_MS : null,
    created_by: userId,
    created_at: now - (i % 365) * DAY_MS,
    updated_at: now,
  }));
  await inBatches(clients, (batch) => k.insertInto('clients').values(batch).execute());
  const projects = Array.from({ length: book.projects }, (_, i) => ({
    id: randomUUID(),
    workspace_id: workspaceId,
    client_id: clients[i % clients.length]!.id,
    name: `Project ${i + 1}`,
    status: PROJECT_STATUSES[i % 3]!,
    value: (i % 50) * 100_00,
    start_date: isoDay(now - (i % 200) * DAY_MS),
    end_date: isoDay(now + ((i % 40) - 10) * DAY_MS),
    created_at: now - (i % 300) * DAY_MS,
    updated_at: now,
  }));
  await inBatches(projects, (batch) => k.insertInto('projects').values(batch).execute());
  const tasks = Array.from({ length: book.tasks }, (_, i) =>
    taskRow(
      workspaceId,
      columnIds[i % columnIds.length]!,
      userId,
      i,
      now - i * 600_000,
      i % 10 ? null : isoDay(now + ((i % 60) - 20) * DAY_MS),
    ),
  );
  await inBatches(tasks, (batch) => k.insertInto('tasks').values(batch).execute());
}

export async function measureDashboardData(book: ClientBook = FULL_BOOK, runs = 300): Promise<{ p99Ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-dashboard-'));
  const db = await openSqlite(join(dir, 'tessera.db'));
  try {
    await migrate(db.kysely);
    const now = Date.now();
    const owner = await seed(db, now);
    await seedClientBook(
      db,
      owner.workspaceId,
      owner.userId,
      owner.columns.map((column) => column.id),
      now,
      book,
    );
    const scope: WorkspaceScope = {
      workspaceId: owner.workspaceId,
      actor: { userId: owner.userId, apiKeyId: null, ip: null },
      role: 'owner',
    };
    const dashboard = createDashboard(db, () => now);
    return { p99Ms: p99(await timed(runs, () => dashboard(scope))) };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
