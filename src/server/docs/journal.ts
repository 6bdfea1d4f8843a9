import { IncomingMessage, MessageType } from '@hocuspocus/server';
import type { Kysely } from 'kysely';
import * as Y from 'yjs';
import { groupCommit } from '#src/server/db/group-commit.ts';
import type { Database } from '#src/server/db/schema.ts';
import { plainText } from './projection.ts';

// The two sync messages that carry edits (y-protocols): a client's answer to the server's state
// vector (its offline edits) and an edit as it is typed.
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;
// An update that changes nothing (two zero lengths): every client sends one on connecting.
const EMPTY_UPDATE_BYTES = 2;

export interface PageRef {
  workspaceId: string;
  pageId: string;
}

// The edit a raw Hocuspocus message carries, or null for anything else (awareness, auth, sync step 1).
export function editIn(message: Uint8Array): Uint8Array | null {
  const incoming = new IncomingMessage(message);
  incoming.readVarString();
  if (incoming.readVarUint() !== MessageType.Sync) return null;
  const kind = incoming.readVarUint();
  if (kind !== SYNC_STEP_2 && kind !== SYNC_UPDATE) return null;
  const update = incoming.readVarUint8Array();
  return update.length > EMPTY_UPDATE_BYTES ? update : null;
}

// Hocuspocus acknowledges an edit as soon as it is applied in memory, and writes the page a moment later
// (debounced). Each edit is written here first, before it is applied and acknowledged, so a crash in
// between loses nothing the editor was told is saved: opening the page replays what the page's state
// lacks. A store folds the entries it covered into the page's state and deletes them.
export function createJournal(k: Kysely<Database>) {
  // Per document, the entries written and applied here and not yet covered by a store.
  const applied = new Map<string, Set<number>>();

  // Edits typed at once (many editors, or a burst while the disk was busy) share one commit.
  const write = groupCommit((entries: { page: PageRef; update: Uint8Array; now: number }[]) =>
    k.transaction().execute(async (tx) => {
      const ids: number[] = [];
      for (const { page, update, now } of entries) {
        const row = await tx
          .insertInto('doc_updates')
          .values({ workspace_id: page.workspaceId, page_id: page.pageId, update, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
      return ids;
    }),
  );

  return {
    async record(documentName: string, page: PageRef, message: Uint8Array, now: number): Promise<void> {
      const update = editIn(message);
      if (!update) return;
      const id = await write({ page, update, now });
      // Hocuspocus applies the message right after this hook resolves, before any store can start.
      const ids = applied.get(documentName) ?? new Set<number>();
      ids.add(id);
      applied.set(documentName, ids);
    },

    // Taken when a store starts (its state covers every entry applied so far); handed back if it fails.
    take(documentName: string): number[] {
      const ids = [...(applied.get(documentName) ?? [])];
      applied.delete(documentName);
      return ids;
    },
    giveBack(documentName: string, ids: number[]): void {
      const held = applied.get(documentName) ?? new Set<number>();
      ids.forEach((id) => held.add(id));
      applied.set(documentName, held);
    },

    async forget(tx: Kysely<Database>, page: PageRef, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .deleteFrom('doc_updates')
        .where('workspace_id', '=', page.workspaceId)
        .where('page_id', '=', page.pageId)
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

// A page as stored: its state with any journal entries a crash left unfolded, and its plain text.
export async function storedPage(
  reader: Kysely<Database>,
  page: PageRef,
): Promise<{ state: Uint8Array; text: string; journalIds: number[] } | null> {
  const [row, entries] = await Promise.all([
    reader
      .selectFrom('doc_pages')
      .select(['state', 'text'])
      .where('workspace_id', '=', page.workspaceId)
      .where('id', '=', page.pageId)
      .executeTakeFirst(),
    reader
      .selectFrom('doc_updates')
      .select(['id', 'update'])
      .where('workspace_id', '=', page.workspaceId)
      .where('page_id', '=', page.pageId)
      .orderBy('id')
      .execute(),
  ]);
  if (!row) return null;
  const base = row.state ? [new Uint8Array(row.state)] : [];
  if (entries.length === 0) return base.length ? { state: base[0]!, text: row.text, journalIds: [] } : null;
  const state = Y.mergeUpdates([...base, ...entries.map((entry) => new Uint8Array(entry.update))]);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const text = plainText(doc);
  doc.destroy();
  return { state, text, journalIds: entries.map((entry) => Number(entry.id)) };
}
