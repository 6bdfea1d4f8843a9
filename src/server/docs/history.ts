import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type * as Y from 'yjs';
import { docsError } from '#src/shared/docs/messages.ts';
import {
  AUTO_VERSION_EVERY_MS,
  DOC_FRAGMENT,
  VERSIONS_PER_PAGE,
  type PageVersion,
  type VersionKind,
  type VersionResponse,
  type VersionsResponse,
} from '#src/shared/docs/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { createChange } from '#src/server/tasks/change.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import type { DocsDeps } from './service.ts';
import { findPage, pageMarkdown, yjs } from './service.ts';

// What the collaboration server lends history: a page's words as they are now, and a way to replace
// them for everyone editing it (collab.ts).
export interface LivePages {
  // `reader`: the transaction asking, when there is one (SQLite has one connection).
  stateOf(reader: Kysely<Database>, workspaceId: string, pageId: string): Promise<{ state: Uint8Array; text: string } | null>;
  replace(
    workspaceId: string,
    pageId: string,
    userId: string,
    apply: (doc: Y.Doc) => void,
    before: (current: { state: Uint8Array; text: string }) => Promise<void>,
  ): Promise<void>;
}

interface Kept {
  workspaceId: string;
  pageId: string;
  kind: VersionKind;
  state: Uint8Array;
  text: string;
  createdBy: string | null;
  now: number;
}

// Keeps a version and lets the oldest go past VERSIONS_PER_PAGE.
export async function keepVersion(tx: Kysely<Database>, kept: Kept): Promise<string> {
  const id = randomUUID();
  await tx
    .insertInto('doc_versions')
    .values({
      id,
      workspace_id: kept.workspaceId,
      page_id: kept.pageId,
      kind: kept.kind,
      state: kept.state,
      text: kept.text,
      created_by: kept.createdBy,
      created_at: kept.now,
    })
    .execute();
  const surplus = await tx
    .selectFrom('doc_versions')
    .select('id')
    .where('page_id', '=', kept.pageId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(VERSIONS_PER_PAGE)
    .limit(VERSIONS_PER_PAGE)
    .execute();
  if (surplus.length > 0)
    await tx
      .deleteFrom('doc_versions')
      .where(
        'id',
        'in',
        surplus.map((row) => row.id),
      )
      .execute();
  return id;
}

// Called each time the collaboration server writes a page: a version of it when none was kept for
// AUTO_VERSION_EVERY_MS, so a morning's typing leaves a trail without a version per keystroke.
export async function keepVersionWhenDue(tx: Kysely<Database>, kept: Omit<Kept, 'kind'>): Promise<void> {
  const latest = await tx
    .selectFrom('doc_versions')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('page_id', '=', kept.pageId)
    .executeTakeFirst();
  if (latest?.at != null && kept.now - Number(latest.at) < AUTO_VERSION_EVERY_MS) return;
  await keepVersion(tx, { ...kept, kind: 'auto' });
}

const versionsOf = (db: Kysely<Database>, workspaceId: string, pageId: string) =>
  db
    .selectFrom('doc_versions')
    .leftJoin('users', 'users.id', 'doc_versions.created_by')
    .select(['doc_versions.id', 'doc_versions.kind', 'doc_versions.created_at', 'doc_versions.created_by', 'users.name'])
    .where('doc_versions.workspace_id', '=', workspaceId)
    .where('doc_versions.page_id', '=', pageId);

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionsOf>['executeTakeFirstOrThrow']>>;

const toVersion = (row: VersionRow): PageVersion => ({
  id: row.id,
  kind: row.kind,
  author: row.created_by && row.name ? { id: row.created_by, name: row.name } : null,
  createdAt: new Date(Number(row.created_at)).toISOString(),
});

async function findVersion(db: Kysely<Database>, workspaceId: string, pageId: string, versionId: string) {
  const row = await versionsOf(db, workspaceId, pageId)
    .select('doc_versions.state')
    .where('doc_versions.id', '=', versionId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, docsError.versionNotFound);
  return row;
}

// A page's history: list and read versions, save one now, restore one. Every call through the door
// (a page of another workspace is a 404 before any version is looked at); saving and restoring count
// against the docs write limits and tell open pages their history changed.
export function createHistory({ db, clock, recordEvent, bus, limiter }: DocsDeps, live: LivePages) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter, 'docs');

  return {
    list: (scope: WorkspaceScope, pageId: string): Promise<VersionsResponse> =>
      readWorkspace(k, scope, 'member', async (reader) => {
        await findPage(reader, scope.workspaceId, pageId);
        const rows = await versionsOf(reader, scope.workspaceId, pageId)
          .orderBy('doc_versions.created_at', 'desc')
          .orderBy('doc_versions.id', 'desc')
          .execute();
        return { versions: rows.map(toVersion), kept: VERSIONS_PER_PAGE };
      }),

    get: async (scope: WorkspaceScope, pageId: string, versionId: string): Promise<VersionResponse> => {
      const { contentOf } = await pageMarkdown();
      return readWorkspace(k, scope, 'member', async (reader) => {
        await findPage(reader, scope.workspaceId, pageId);
        const row = await findVersion(reader, scope.workspaceId, pageId, versionId);
        return { version: toVersion(row), content: contentOf(new Uint8Array(row.state)) };
      });
    },

    save: async (scope: WorkspaceScope, pageId: string): Promise<PageVersion> => {
      // Loaded before the transaction, which then never waits on the disk for code.
      const Y = await yjs();
      return change(scope, 'member', async (tx, record) => {
        await findPage(tx, scope.workspaceId, pageId);
        const now = (await live.stateOf(tx, scope.workspaceId, pageId)) ?? { state: Y.encodeStateAsUpdate(new Y.Doc()), text: '' };
        const id = await keepVersion(tx, {
          workspaceId: scope.workspaceId,
          pageId,
          kind: 'saved',
          ...now,
          createdBy: scope.actor.userId,
          now: clock(),
        });
        await record({ type: 'docs.changed', pageId });
        return toVersion(await findVersion(tx, scope.workspaceId, pageId, id));
      });
    },

    // The page's words become the version's for everyone editing it (through the collaboration server,
    // so open editors change at once); what it said just before is kept first, so a restore is undone by
    // restoring that.
    restore: async (scope: WorkspaceScope, pageId: string, versionId: string): Promise<void> => {
      const Y = await yjs();
      const state = await change(scope, 'member', async (tx) => {
        await findPage(tx, scope.workspaceId, pageId);
        return new Uint8Array((await findVersion(tx, scope.workspaceId, pageId, versionId)).state);
      });
      const version = new Y.Doc();
      Y.applyUpdate(version, state);
      await live.replace(
        scope.workspaceId,
        pageId,
        scope.actor.userId,
        (doc) => {
          const fragment = doc.getXmlFragment(DOC_FRAGMENT);
          fragment.delete(0, fragment.length);
          fragment.insert(
            0,
            version
              .getXmlFragment(DOC_FRAGMENT)
              .toArray()
              // The editor never writes hooks (a Yjs map in the tree); nothing else is skipped.
              .flatMap((node) => (node instanceof Y.XmlHook ? [] : [node.clone()])),
          );
        },
        (current) =>
          change(
            scope,
            'member',
            async (tx, record) => {
              await findPage(tx, scope.workspaceId, pageId);
              await keepVersion(tx, {
                workspaceId: scope.workspaceId,
                pageId,
                kind: 'before-restore',
                ...current,
                createdBy: scope.actor.userId,
                now: clock(),
              });
              await record({ type: 'docs.changed', pageId });
            },
            // The restore itself was counted above.
            { counted: false },
          ),
      );
    },
  };
}

export type History = ReturnType<typeof createHistory>;
