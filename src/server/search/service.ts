import type { z } from 'zod';
import { chatText } from '#src/shared/chat/messages.ts';
import { searchError } from '#src/shared/search/messages.ts';
import type { SearchHit, SnippetPart } from '#src/shared/search/paths.ts';
import { taskKey, taskKeysIn } from '#src/shared/tasks/task-keys.ts';
import type { SearchQuerySchema } from '#src/shared/search/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { findEntries, findTasksByKey, type FoundEntry } from './index-store.ts';
import { highlight, searchTerms, snippet } from './terms.ts';

export type SearchQuery = z.output<typeof SearchQuerySchema>;

const plain = (text: string): SnippetPart[] => [{ text, match: false }];

// A chat message's title is where it was said: its channel's name, or the other people of a direct
// message (as the chat names it for the searcher).
function messageHit(entry: FoundEntry, dmPeople: Map<string, string[]>): Pick<SearchHit, 'title' | 'message'> {
  if (entry.channel_id === null) return { title: [], message: null };
  const dm = entry.channel_kind === 'dm';
  return {
    title: plain(dm ? (dmPeople.get(entry.channel_id) ?? []).join(', ') : (entry.channel_name ?? '')),
    message: {
      channelId: entry.channel_id,
      channelKind: dm ? 'dm' : 'channel',
      private: entry.channel_private === 1,
      authorName: entry.author_name ?? chatText.deletedAuthor,
      sentAt: new Date(Number(entry.sent_at)).toISOString(),
      seq: Number(entry.seq),
      threadId: entry.thread_id,
    },
  };
}

const toHit = (entry: FoundEntry, terms: string[], dmPeople: Map<string, string[]>): SearchHit => ({
  kind: entry.kind,
  id: entry.ref_id,
  workspaceId: entry.workspace_id,
  workspaceName: entry.workspace_name,
  taskId: entry.task_id,
  taskKey: entry.task_id === null ? null : taskKey(entry.task_prefix, Number(entry.task_number ?? 0)),
  clientId: entry.client_id,
  title: highlight(entry.title, terms),
  snippet: snippet(entry.body, terms),
  message: null,
  ...(entry.kind === 'message' ? messageHit(entry, dmPeople) : {}),
});

// The people of the direct messages found, but me: the page of hits only, so a few rows at most.
async function dmPeopleOf(db: Db, userId: string, entries: FoundEntry[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(entries.filter((entry) => entry.channel_kind === 'dm').map((entry) => entry.channel_id!))];
  const people = new Map<string, string[]>();
  if (ids.length === 0) return people;
  const rows = await db.kysely
    .selectFrom('chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.channel_id', 'u.name'])
    .where('m.channel_id', 'in', ids)
    .where('m.user_id', '<>', userId)
    .orderBy('u.name')
    .execute();
  for (const row of rows) people.set(row.channel_id, [...(people.get(row.channel_id) ?? []), row.name]);
  return people;
}

// Search across every workspace the person is a member of. A workspace filter naming one
// they are not in finds nothing, exactly as one that does not exist.
export function createSearch(db: Db) {
  return {
    async search(userId: string, query: SearchQuery): Promise<SearchHit[]> {
      const terms = searchTerms(query.q);
      if (terms.length === 0) throw new HttpError(400, searchError.noWords);
      const filters = { userId, kind: query.kind, workspaceId: query.workspace, limit: query.limit };
      // A typed key (TSR-42) opens its task first; the words still find where it is named (a comment
      // "blocked by TSR-42").
      const named = await findTasksByKey(db.kysely, { ...filters, keys: taskKeysIn(query.q) });
      const found = await findEntries(db.kysely, db.engine, { ...filters, terms });
      const seen = new Set(named.map((entry) => entry.ref_id));
      const shown = found.filter((entry) => !(entry.kind === 'task' && seen.has(entry.ref_id))).slice(0, query.limit - named.length);
      const dmPeople = await dmPeopleOf(db, userId, shown);
      return [...named.map((entry) => toHit(entry, [], dmPeople)), ...shown.map((entry) => toHit(entry, terms, dmPeople))];
    },
  };
}

export type Search = ReturnType<typeof createSearch>;
