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
  title: string;
  body: string;
}

const filters = (query: EntryQuery) =>
  sql`${query.kind ? sql`and e.kind = ${query.kind}` : sql``} ${query.workspaceId ? sql`and e.workspace_id = ${query.workspaceId}` : sql``}`;

// Only workspaces the person belongs to as a member or owner (the door's list): a `client` guest sees
// the portal only. The one place the engines differ: how the index is asked. Both rank the title above the text (FTS5's
// bm25 with column weights, PostgreSQL's ts_rank with the title at weight A) and both return the best
// `limit` entries the person may see, with the task title a hit shows.
export async function findEntries(db: Kysely<Database>, engine: Engine, query: EntryQuery): Promise<FoundEntry[]> {
  const shown = sql`e.kind, e.ref_id, e.workspace_id, w.name as workspace_name, e.task_id, w.task_prefix, t.number as task_number, coalesce(t.title, e.title) as title, e.body`;
  const joins = sql`join workspaces w on w.id = e.workspace_id left join tasks t on t.id = e.task_id`;
  if (engine === 'postgres') {
    const { rows } = await sql<FoundEntry>`
      select ${shown}
      from search_entries e ${joins}, to_tsquery('tessera_search', ${tsQuery(query.terms)}) q
      where e.document @@ q and e.workspace_id in (${memberWorkspaceIdsOf(db, query.userId)}) ${filters(query)}
      order by ts_rank(e.document, q) desc, e.id desc
      limit ${query.limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<FoundEntry>`
    select ${shown}
    from search_fts f join search_entries e on e.id = f.rowid ${joins}
    where search_fts match ${ftsMatch(query.terms)} and e.workspace_id in (${memberWorkspaceIdsOf(db, query.userId)}) ${filters(query)}
    order by bm25(search_fts, 5.0, 1.0), e.id desc
    limit ${query.limit}`.execute(db);
  return rows;
}
