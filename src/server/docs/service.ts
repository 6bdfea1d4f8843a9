import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { docsError } from '#src/shared/docs/messages.ts';
import {
  DOC_STATE_MAX_BYTES,
  PAGE_DEPTH_MAX,
  PAGES_PER_WORKSPACE,
  UNTITLED,
  type Page,
  type TaskPagesResponse,
} from '#src/shared/docs/paths.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { indexPage, unindexPages } from '#src/server/search/indexer.ts';
import { lazy } from '#src/server/lazy.ts';
import { createChange, type Record } from '#src/server/tasks/change.ts';
import { taskIdOf } from '#src/server/tasks/task-keys.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import type { LivePages } from './history.ts';
import { linkTasks } from './task-links.ts';
import { depthOf, heightOf, subtreeOf } from './tree.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

// The editor's schema and the Markdown converter, loaded with the first import, export or version read.
export const pageMarkdown = lazy(() => import('./markdown.ts'));
// Yjs and the page's plain text, loaded with the first import, version save or restore (the
// collaboration server brings its own).
export const yjs = lazy(() => import('yjs'));
const projection = lazy(() => import('./projection.ts'));

export interface DocsDeps {
  db: Db;
  clock: Clock;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  limiter: Pick<RateLimiter, 'checkWrite'>;
}

interface NewPage {
  title?: string;
  icon?: string | null;
  parentId?: string | null;
}

const pagesOf = (db: Kysely<Database>, workspaceId: string) =>
  db
    .selectFrom('doc_pages')
    .select(['id', 'parent_id', 'position', 'title', 'icon', 'created_by', 'created_at', 'updated_at'])
    .where('workspace_id', '=', workspaceId);

type PageRow = Awaited<ReturnType<ReturnType<typeof pagesOf>['executeTakeFirstOrThrow']>>;

const toPage = (row: PageRow): Page => ({
  id: row.id,
  parentId: row.parent_id,
  position: Number(row.position),
  title: row.title,
  icon: row.icon,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

// A page of this workspace, or the same 404 for another workspace's and for none at all.
export async function findPage(db: Kysely<Database>, workspaceId: string, pageId: string): Promise<PageRow> {
  const row = await pagesOf(db, workspaceId).where('id', '=', pageId).executeTakeFirst();
  if (!row) throw new HttpError(404, docsError.pageNotFound);
  return row;
}

const tree = (tx: Kysely<Database>, workspaceId: string) =>
  tx.selectFrom('doc_pages').select(['id', 'parent_id']).where('workspace_id', '=', workspaceId).execute();

// Writes positions 0, 1, 2… to the given siblings, in their order.
async function renumber(tx: Kysely<Database>, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await tx.updateTable('doc_pages').set({ position }).where('id', '=', id).execute();
}

async function siblingIds(tx: Kysely<Database>, workspaceId: string, parentId: string | null): Promise<string[]> {
  const rows = await tx
    .selectFrom('doc_pages')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

// Docs (pages in a tree): every read and change through the door, members and owners alike (a guest
// never gets here). Changes count against the docs write limits and tell the workspace's live stream
// which page changed, so every open tree refetches. The words of a page are the collaboration
// server's (collab.ts); this side holds its place, title and icon.
export function createDocs({ db, clock, recordEvent, bus, limiter }: DocsDeps, live: Pick<LivePages, 'stateOf'>) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter, 'docs');
  const changed = (record: Record, pageId: string) => record({ type: 'docs.changed', pageId });

  async function requireParent(tx: Kysely<Database>, workspaceId: string, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    const found = await pagesOf(tx, workspaceId).where('id', '=', parentId).executeTakeFirst();
    if (!found) throw new HttpError(404, docsError.parentNotFound);
  }

  // A new page last among its siblings, empty or with the given words (its search entry with them).
  async function insert(
    tx: Kysely<Database>,
    record: Record,
    scope: WorkspaceScope,
    input: NewPage,
    content: { state: Uint8Array | null; text: string } = { state: null, text: '' },
  ): Promise<Page> {
    const parentId = input.parentId ?? null;
    await requireParent(tx, scope.workspaceId, parentId);
    const nodes = await tree(tx, scope.workspaceId);
    if (nodes.length >= PAGES_PER_WORKSPACE) throw new HttpError(409, docsError.tooMany(PAGES_PER_WORKSPACE));
    if (parentId !== null && depthOf(nodes, parentId) >= PAGE_DEPTH_MAX) throw new HttpError(409, docsError.tooDeep(PAGE_DEPTH_MAX));
    const id = randomUUID();
    const now = clock();
    const title = input.title ?? UNTITLED;
    await tx
      .insertInto('doc_pages')
      .values({
        id,
        workspace_id: scope.workspaceId,
        parent_id: parentId,
        position: (await siblingIds(tx, scope.workspaceId, parentId)).length,
        title,
        icon: input.icon ?? null,
        ...content,
        created_by: scope.actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await indexPage(tx, { workspaceId: scope.workspaceId, id, title, text: content.text });
    await changed(record, id);
    return toPage(await findPage(tx, scope.workspaceId, id));
  }

  return {
    list: (scope: WorkspaceScope): Promise<{ pages: Page[] }> =>
      readWorkspace(k, scope, 'member', async (reader) => ({
        pages: (await pagesOf(reader, scope.workspaceId).orderBy('position').orderBy('id').execute()).map(toPage),
      })),

    get: (scope: WorkspaceScope, pageId: string): Promise<Page> =>
      readWorkspace(k, scope, 'member', async (reader) => toPage(await findPage(reader, scope.workspaceId, pageId))),

    create: (scope: WorkspaceScope, input: NewPage): Promise<Page> =>
      change(scope, 'member', (tx, record) => insert(tx, record, scope, input)),

    // A new page holding what the Markdown says (converted here, with the editor's own schema).
    importMarkdown: async (scope: WorkspaceScope, input: NewPage & { markdown: string }): Promise<Page> => {
      const [{ fromMarkdown }, { encodeStateAsUpdate }, { projectPage }] = await Promise.all([pageMarkdown(), yjs(), projection()]);
      const doc = fromMarkdown(input.markdown);
      const state = encodeStateAsUpdate(doc);
      if (state.byteLength > DOC_STATE_MAX_BYTES) throw new HttpError(413, docsError.tooLargeToImport);
      const { text, tasks } = projectPage(doc);
      return change(scope, 'member', async (tx, record) => {
        const page = await insert(tx, record, scope, input, { state, text });
        await linkTasks(tx, { workspaceId: scope.workspaceId, pageId: page.id }, tasks);
        return page;
      });
    },

    // The pages that mention a task of this workspace (by its id or key), by title; a task of another
    // workspace, deleted or none at all is the same 404.
    pagesOfTask: (scope: WorkspaceScope, taskRef: string): Promise<TaskPagesResponse> =>
      readWorkspace(k, scope, 'member', async (reader) => {
        const taskId = await taskIdOf(reader, scope.workspaceId, taskRef);
        const task = taskId
          ? await reader
              .selectFrom('tasks')
              .select('id')
              .where('workspace_id', '=', scope.workspaceId)
              .where('id', '=', taskId)
              .where('deleted_at', 'is', null)
              .executeTakeFirst()
          : undefined;
        if (!task) throw new HttpError(404, taskError.taskNotFound);
        const pages = await reader
          .selectFrom('doc_task_links as l')
          .innerJoin('doc_pages as p', 'p.id', 'l.page_id')
          .select(['p.id', 'p.title', 'p.icon'])
          .where('l.workspace_id', '=', scope.workspaceId)
          .where('l.task_id', '=', task.id)
          .orderBy('p.title')
          .orderBy('p.id')
          .execute();
        return { pages };
      }),

    // The page's words as Markdown, as everyone editing it sees them now.
    markdown: async (scope: WorkspaceScope, pageId: string): Promise<{ title: string; markdown: string }> => {
      const { toMarkdown } = await pageMarkdown();
      return readWorkspace(k, scope, 'member', async (reader) => {
        const page = await findPage(reader, scope.workspaceId, pageId);
        const now = await live.stateOf(reader, scope.workspaceId, pageId);
        return { title: page.title, markdown: toMarkdown(now?.state ?? null) };
      });
    },

    update: (scope: WorkspaceScope, pageId: string, input: { title?: string; icon?: string | null }): Promise<Page> =>
      change(scope, 'member', async (tx, record) => {
        await findPage(tx, scope.workspaceId, pageId);
        await tx
          .updateTable('doc_pages')
          .set({
            ...(input.title === undefined ? {} : { title: input.title }),
            ...(input.icon === undefined ? {} : { icon: input.icon }),
            updated_at: clock(),
          })
          .where('id', '=', pageId)
          .execute();
        const row = await tx.selectFrom('doc_pages').select(['title', 'text']).where('id', '=', pageId).executeTakeFirstOrThrow();
        await indexPage(tx, { workspaceId: scope.workspaceId, id: pageId, title: row.title, text: row.text });
        await changed(record, pageId);
        return toPage(await findPage(tx, scope.workspaceId, pageId));
      }),

    // Under another parent (or the top, null) at `index` among its new siblings; an index past the end
    // puts it last. Never inside itself, never deeper than PAGE_DEPTH_MAX.
    move: (scope: WorkspaceScope, pageId: string, input: { parentId: string | null; index: number }): Promise<Page> =>
      change(scope, 'member', async (tx, record) => {
        const page = await findPage(tx, scope.workspaceId, pageId);
        await requireParent(tx, scope.workspaceId, input.parentId);
        const nodes = await tree(tx, scope.workspaceId);
        if (input.parentId !== null && subtreeOf(nodes, pageId).includes(input.parentId)) throw new HttpError(409, docsError.intoItself);
        const parentDepth = input.parentId === null ? 0 : depthOf(nodes, input.parentId);
        if (parentDepth + heightOf(nodes, pageId) > PAGE_DEPTH_MAX) throw new HttpError(409, docsError.tooDeep(PAGE_DEPTH_MAX));
        const old = (await siblingIds(tx, scope.workspaceId, page.parent_id)).filter((id) => id !== pageId);
        const fresh = page.parent_id === input.parentId ? old : await siblingIds(tx, scope.workspaceId, input.parentId);
        fresh.splice(Math.min(input.index, fresh.length), 0, pageId);
        await tx.updateTable('doc_pages').set({ parent_id: input.parentId, updated_at: clock() }).where('id', '=', pageId).execute();
        await renumber(tx, fresh);
        if (page.parent_id !== input.parentId) await renumber(tx, old);
        await changed(record, pageId);
        return toPage(await findPage(tx, scope.workspaceId, pageId));
      }),

    // The page and its sub-pages go together; the siblings it leaves close the gap.
    remove: (scope: WorkspaceScope, pageId: string): Promise<string[]> =>
      change(scope, 'member', async (tx, record) => {
        const page = await findPage(tx, scope.workspaceId, pageId);
        const gone = subtreeOf(await tree(tx, scope.workspaceId), pageId);
        await unindexPages(tx, gone);
        // Whoever has one of these pages open is cut off at once, on every instance (collab.ts).
        await announceAccessChange(tx, db.engine, gone);
        await tx.deleteFrom('doc_pages').where('workspace_id', '=', scope.workspaceId).where('id', 'in', gone).execute();
        await renumber(
          tx,
          (await siblingIds(tx, scope.workspaceId, page.parent_id)).filter((id) => id !== pageId),
        );
        await changed(record, pageId);
        return gone;
      }),
  };
}

export type Docs = ReturnType<typeof createDocs>;
