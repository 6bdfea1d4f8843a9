import { sql, type Kysely } from 'kysely';
import type { SearchKind } from '#src/shared/search/paths.ts';
import type { Engine } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { memberWorkspaceIdsOf } from '#src/server/workspace-access/memberships.ts';
import { ftsMatch, tsQuery } from './terms.ts';

export interface EntryQuery {
  // Folded words (terms.ts), at least one.
  terms: string[];
  userId: string;
  kind?: SearchKind;
  workspaceId?: string;
  limit: number;
}

export interface FoundEntry {
  kind: SearchKind;
  ref_id: string;
  workspace_id: string;
  workspace_name: string;
  task_id: string | null;
  task_prefix: string;
  task_number: number | null;
  client_id: string | null;
  title: string;
  body: string;
  // A chat message's channel, author and place (null for every other kind).
  channel_id: string | null;
  channel_name: string | null;
  channel_kind: 'channel' | 'dm' | null;
  channel_private: number | null;
  author_name: string | null;
  sent_at: number | string | null;
  seq: number | string | null;
  thread_id: string | null;
}

// A chat message only where its reader may read its channel: an open public channel of the workspace,
// or a private channel or direct message they are in now (who left no longer finds it). Asked in the
// query, so the engine's `limit` counts only what the person may see, and of a message's entry alone: the
// channels joined to every match cost PostgreSQL a probe for each of a common word's thousands of tasks.
const readable = (userId: string) => sql`(e.channel_id is null or exists (select 1 from chat_channels c where c.id = e.channel_id
  and c.archived_at is null and (c.private = 0 or exists (select 1 from chat_members cm where cm.channel_id = c.id and cm.user_id = ${userId}))))`;

const filters = (query: EntryQuery) =>
  sql`and ${readable(query.userId)} ${query.kind ? sql`and e.kind = ${query.kind}` : sql``} ${query.workspaceId ? sql`and e.workspace_id = ${query.workspaceId}` : sql``}`;

// A word as common as "the" matches most of the index, and ranking every match (bm25 reads each one's
// positions, ts_rank each one's document) is what a search spent its time on: 50,000 matches took
// 30 ms in FTS5's bm25 alone, and joining each to its task, workspace and channel three times that.
// So each engine ranks the newest CANDIDATES_MAX matches the person may see, read from the full-text
// index newest first and stopping there; a search with fewer matches ranks them all, as before.
const CANDIDATES_MAX = 1000;

// Only workspaces the person belongs to as a member or owner (the door's list): a `client` guest sees
// the portal only. The one place the engines differ: how the index is asked. Both rank the title above the text (FTS5's
// bm25 with column weights, PostgreSQL's ts_rank with the title at weight A) and both return the best
// `limit` entries the person may see (a lower score is better), with the task title a hit shows.
function candidates(db: Kysely<Database>, engine: Engine, query: EntryQuery) {
  const visible = sql`e.workspace_id in (${memberWorkspaceIdsOf(db, query.userId)}) ${filters(query)}`;
  if (engine === 'postgres') {
    // Ranked once the newest are chosen (in the same select, ts_rank ran on every match before the sort),
    // and their documents read then: sorting the matches by id alone is a quarter faster than carrying
    // each one's document through the sort.
    const q = sql`to_tsquery('tessera_search', ${tsQuery(query.terms)})`;
    return sql`select ranked.id, -ts_rank(ranked.document, ${q}) as score from (select e.id from search_entries e
      where e.document @@ ${q} and ${visible} order by e.id desc limit ${CANDIDATES_MAX}) newest
      join search_entries ranked on ranked.id = newest.id`;
  }
  // FTS5 reads its matches in rowid order (the entry's id) and computes bm25 for the rows it returns only.
  return sql`select f.rowid as id, bm25(search_fts, 5.0, 1.0) as score
    from search_fts f cross join search_entries e on e.id = f.rowid
    where search_fts match ${ftsMatch(query.terms)} and ${visible}
    order by f.rowid desc limit ${CANDIDATES_MAX}`;
}

export async function findEntries(db: Kysely<Database>, engine: Engine, query: EntryQuery): Promise<FoundEntry[]> {
  const { rows } = await sql<FoundEntry>`
    select e.kind, e.ref_id, e.workspace_id, w.name as workspace_name, e.task_id, w.task_prefix, t.number as task_number,
      case when e.kind = 'client' then e.ref_id else p.client_id end as client_id, coalesce(t.title, e.title) as title, e.body,
      e.channel_id, c.name as channel_name, c.kind as channel_kind, c.private as channel_private,
      coalesce(u.name, m.author_name) as author_name, m.created_at as sent_at, coalesce(root.seq, m.seq) as seq, m.parent_id as thread_id
    from (select id, score from (${candidates(db, engine, query)}) found order by score, id desc limit ${query.limit}) best
      join search_entries e on e.id = best.id join workspaces w on w.id = e.workspace_id left join tasks t on t.id = e.task_id
      left join projects p on e.kind = 'project' and p.id = e.ref_id
      left join chat_channels c on c.id = e.channel_id left join chat_messages m on e.kind = 'message' and m.id = e.ref_id
      left join chat_messages root on root.id = m.parent_id left join users u on u.id = m.author_id
    order by best.score, e.id desc`.execute(db);
  return rows;
}

// The tasks typed keys name (TSR-42), in the workspaces the person is a member of: a key is one task, so
// it comes before what the words find.
export async function findTasksByKey(
  db: Kysely<Database>,
  query: Omit<EntryQuery, 'terms'> & { keys: { prefix: string; number: number }[] },
): Promise<FoundEntry[]> {
  if (query.keys.length === 0 || (query.kind && query.kind !== 'task')) return [];
  let found = db
    .selectFrom('tasks as t')
    .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
    .select((eb) => [
      eb.val<SearchKind>('task').as('kind'),
      't.id as ref_id',
      't.workspace_id',
      'w.name as workspace_name',
      't.id as task_id',
      'w.task_prefix',
      't.number as task_number',
      eb.val<string | null>(null).as('client_id'),
      't.title',
      't.description as body',
      ...(['channel_id', 'channel_name', 'channel_kind', 'channel_private', 'author_name', 'sent_at', 'seq', 'thread_id'] as const).map(
        (column) => eb.val<null>(null).as(column),
      ),
    ])
    .where('t.workspace_id', 'in', memberWorkspaceIdsOf(db, query.userId))
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or(query.keys.map((key) => eb.and([eb('w.task_prefix', '=', key.prefix), eb('t.number', '=', key.number)]))));
  if (query.workspaceId) found = found.where('t.workspace_id', '=', query.workspaceId);
  return (await found.orderBy('w.name').orderBy('t.id').limit(query.limit).execute()) as FoundEntry[];
}
