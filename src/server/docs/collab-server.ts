import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Database } from '@hocuspocus/extension-database';
import { Redis } from '@hocuspocus/extension-redis';
import { Server, type Extension } from '@hocuspocus/server';
import type WebSocket from 'ws';
import * as Y from 'yjs';
import { COLLAB_CLOSE, documentName, DOC_UPDATE_MAX_BYTES } from '#src/shared/docs/paths.ts';
import { ACCESS_CHECK_MS } from '#src/server/events/sse.ts';
import { indexPage } from '#src/server/search/indexer.ts';
import { memberScope, stillAllowed } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import type { CollabDeps } from './collab.ts';
import { keepVersionWhenDue, type LivePages } from './history.ts';
import { createJournal, storedPage, type PageRef } from './journal.ts';
import { notifyMentions } from './mentions.ts';
import { plainText, projectPage } from './projection.ts';
import { linkTasks } from './task-links.ts';

// What one connection may send: a person types a few updates a second, each with an awareness
// update; a script sending far more is cut off rather than slowing the page for everyone.
export const MESSAGES_PER_SECOND = 120;
// How long edits wait before they are written (and how long at most while typing goes on): short, so a
// crash loses at most this much of what was typed; every edit still reaches the others at once.
const STORE_DEBOUNCE_MS = 500;
const STORE_MAX_DEBOUNCE_MS = 2000;
// How long closing waits for the pages still open to be written.
const CLOSE_WAIT_MS = 5000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DOCUMENT_NAME = new RegExp(`^(${UUID})/(${UUID})$`);

// Who opened the socket, read from the session cookie on the upgrade (collab.ts).
export interface Visitor {
  userId: string;
  tokenHash: string;
  ip: string | null;
}

// What a document's connection carries once the door let it in.
interface Admitted extends Visitor {
  scope: WorkspaceScope;
  pageId: string;
}

// The refusal Hocuspocus sends back for a document (its `reason` reaches the provider).
const refusal = (reason: string) => Object.assign(new Error(reason), { reason });

// The collaboration server itself, built at the first socket or the first change made through it
// (collab.ts loads this module then): Hocuspocus with the door per page, each page's Yjs state in
// doc_pages with its plain text for search, and with REDIS_URL the edits passed between instances.
export function createCollabServer(
  { db, clock, sessions, accessChanges, redisUrl, notify }: CollabDeps,
  visitors: WeakMap<IncomingMessage, Visitor>,
) {
  const k = db.kysely;
  // The access watch of each admitted connection, by socket and document.
  const watches = new Map<string, () => void>();

  const pageOf = (documentName: string) => {
    const match = DOCUMENT_NAME.exec(documentName);
    return match ? { workspaceId: match[1]!, pageId: match[2]! } : null;
  };

  const pageExists = async (workspaceId: string, pageId: string) =>
    (await k.selectFrom('doc_pages').select('id').where('workspace_id', '=', workspaceId).where('id', '=', pageId).executeTakeFirst()) !==
    undefined;

  // The same questions as the first time: still signed in, still a member, the page still there.
  async function stillAdmitted(admitted: Admitted): Promise<boolean> {
    if (!(await sessions.stillActive(admitted.tokenHash, clock()))) return false;
    if (!(await stillAllowed(k, admitted.scope, 'member'))) return false;
    return pageExists(admitted.scope.workspaceId, admitted.pageId);
  }

  const journal = createJournal(k);

  // A page's state and text, its search entry, a version when one is due, the members it newly mentions
  // told, the tasks it mentions linked, and the journal entries the state now covers gone, together. A page deleted meanwhile is not
  // brought back: the update finds no row, and no index entry is made.
  const writePage = (page: PageRef, document: Y.Doc, state: Uint8Array, createdBy: string | null, covered: number[]) => {
    // Walked before the transaction, which holds the database's writer meanwhile.
    const { text, mentioned, tasks } = projectPage(document);
    return k.transaction().execute(async (tx) => {
      const now = clock();
      const row = await tx
        .updateTable('doc_pages')
        .set({ state, text, updated_at: now })
        .where('workspace_id', '=', page.workspaceId)
        .where('id', '=', page.pageId)
        .returning('title')
        .executeTakeFirst();
      if (!row) return;
      await indexPage(tx, { workspaceId: page.workspaceId, id: page.pageId, title: row.title, text });
      await keepVersionWhenDue(tx, { ...page, state, text, createdBy, now });
      await notifyMentions(tx, notify, { ...page, title: row.title }, mentioned, createdBy);
      await linkTasks(tx, page, tasks);
      await journal.forget(tx, page, covered);
    });
  };

  const persistence = new Database({
    fetch: async ({ documentName }) => {
      const page = pageOf(documentName);
      if (!page) return null;
      const stored = await storedPage(k, page);
      // Edits a crash left in the journal become part of the page before anyone sees it.
      if (stored && stored.journalIds.length > 0) {
        const folded = new Y.Doc();
        Y.applyUpdate(folded, stored.state);
        await writePage(page, folded, stored.state, null, stored.journalIds);
        folded.destroy();
      }
      return stored?.state ?? null;
    },
    // A version is kept now and then (history.ts), credited to whoever's edit is being written.
    store: async ({ documentName, state, document, context }) => {
      const page = pageOf(documentName);
      if (!page) return;
      // Taken before anything is awaited: `state` holds every edit applied until now.
      const covered = journal.take(documentName);
      try {
        await writePage(page, document, state, (context as Partial<Visitor> | undefined)?.userId ?? null, covered);
      } catch (error) {
        journal.giveBack(documentName, covered);
        throw error;
      }
    },
  });

  // Runs after the door let the message through, and before Hocuspocus applies and acknowledges it.
  const journaling: Extension = {
    async beforeHandleMessage({ documentName, update }) {
      const page = pageOf(documentName);
      if (page) await journal.record(documentName, page, update, clock());
    },
  };

  const door: Extension = {
    async onAuthenticate({ documentName, request }) {
      const visitor = visitors.get(request);
      const page = pageOf(documentName);
      if (!visitor || !page) throw refusal(COLLAB_CLOSE.noAccess);
      const scope = await memberScope(k, page.workspaceId, visitor.userId, visitor.ip);
      if (!scope || !(await pageExists(page.workspaceId, page.pageId))) throw refusal(COLLAB_CLOSE.noAccess);
      const admitted: Admitted = { ...visitor, scope, pageId: page.pageId };
      return admitted;
    },

    // Watched from the moment it is in: an announced access change (access-changes.ts: of the person,
    // the workspace, or the page, which its deletion announces) and a steady check ask again, and a
    // refusal closes the socket at once.
    async connected({ connection, context, socketId, documentName }) {
      const admitted = context as Admitted;
      const key = `${socketId} ${documentName}`;
      const look = () =>
        void stillAdmitted(admitted)
          .then((allowed) => {
            if (allowed) return;
            Object.assign(admitted, { revoked: true });
            connection.webSocket.close(4403, COLLAB_CLOSE.noAccess);
          })
          .catch(() => undefined);
      const timer = setInterval(look, ACCESS_CHECK_MS);
      timer.unref();
      const stops = [admitted.userId, admitted.scope.workspaceId, admitted.pageId].map((id) => accessChanges.subscribe(id, look));
      watches.set(key, () => {
        clearInterval(timer);
        stops.forEach((stop) => stop());
      });
    },

    async onDisconnect({ socketId, documentName }) {
      const key = `${socketId} ${documentName}`;
      watches.get(key)?.();
      watches.delete(key);
    },

    // Nothing from a connection found no longer allowed, and nothing faster than a person types.
    async beforeHandleMessage({ context, connection }) {
      const admitted = context as Admitted & { revoked?: boolean; window?: number; count?: number };
      if (admitted.revoked) throw Object.assign(new Error(COLLAB_CLOSE.noAccess), { code: 4403, reason: COLLAB_CLOSE.noAccess });
      const second = Math.floor(clock() / 1000);
      if (admitted.window !== second) Object.assign(admitted, { window: second, count: 0 });
      admitted.count = (admitted.count ?? 0) + 1;
      if (admitted.count > MESSAGES_PER_SECOND) {
        connection.webSocket.close(4429, COLLAB_CLOSE.tooFast);
        throw Object.assign(new Error(COLLAB_CLOSE.tooFast), { code: 4429, reason: COLLAB_CLOSE.tooFast });
      }
    },
  };

  const extensions: Extension[] = [door, journaling, persistence];
  if (redisUrl) {
    const url = new URL(redisUrl);
    extensions.push(new Redis({ host: url.hostname, port: Number(url.port || 6379), prefix: 'tessera-docs' }));
  }

  const server = new Server(
    {
      quiet: true,
      stopOnSignals: false,
      debounce: STORE_DEBOUNCE_MS,
      maxDebounce: STORE_MAX_DEBOUNCE_MS,
      extensions,
    },
    // Larger messages close the socket (1009) before any of it is read.
    { maxPayload: DOC_UPDATE_MAX_BYTES },
  );

  // The page as everyone editing it on this instance sees it, else as last written (with several
  // instances, what another one holds reaches the database within STORE_MAX_DEBOUNCE_MS).
  const live: LivePages = {
    async stateOf(reader, workspaceId, pageId) {
      const open = server.hocuspocus.documents.get(documentName(workspaceId, pageId));
      if (open) return { state: Y.encodeStateAsUpdate(open), text: plainText(open) };
      return storedPage(reader, { workspaceId, pageId });
    },
    // A server-side connection to the page: the change reaches every open editor (and, with Redis, every
    // instance) like anyone's typing, and is written at once.
    async replace(workspaceId, pageId, userId, apply, before) {
      const connection = await server.hocuspocus.openDirectConnection(documentName(workspaceId, pageId), { userId });
      try {
        const doc = connection.document!;
        await before({ state: Y.encodeStateAsUpdate(doc), text: plainText(doc) });
        await connection.transact(apply);
      } finally {
        await connection.disconnect();
      }
    },
  };

  return {
    live,

    // A socket the gate (collab.ts) let in; `closed` when it closes.
    accept(request: IncomingMessage, socket: Duplex, head: Buffer, closed: () => void): void {
      server.webSocketServer.handleUpgrade(request, socket, head, (webSocket: WebSocket) => {
        webSocket.once('close', closed);
        server.webSocketServer.emit('connection', webSocket, request);
      });
    },

    // Every socket closed, and every open page written before the database goes.
    async close(): Promise<void> {
      const hocuspocus = server.hocuspocus;
      hocuspocus.closeConnections();
      const deadline = Date.now() + CLOSE_WAIT_MS;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // An upgraded socket still holds the HTTP server open: each is closed ("going away"; the browser reconnects elsewhere).
      for (const socket of server.webSocketServer.clients as Set<WebSocket>) socket.close(1001);
      server.webSocketServer.close();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}
