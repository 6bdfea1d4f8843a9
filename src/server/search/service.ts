import type { z } from 'zod';
import { searchError } from '#src/shared/search/messages.ts';
import type { SearchHit } from '#src/shared/search/paths.ts';
import { taskKey } from '#src/shared/tasks/task-keys.ts';
import type { SearchQuerySchema } from '#src/shared/search/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { findEntries } from './index-store.ts';
import { highlight, searchTerms, snippet } from './terms.ts';

export type SearchQuery = z.output<typeof SearchQuerySchema>;

// Search across every workspace the person is a member of. A workspace filter naming one
// they are not in finds nothing, exactly as one that does not exist.
export function createSearch(db: Db) {
  return {
    async search(userId: string, query: SearchQuery): Promise<SearchHit[]> {
      const terms = searchTerms(query.q);
      if (terms.length === 0) throw new HttpError(400, searchError.noWords);
      const found = await findEntries(db.kysely, db.engine, {
        terms,
        userId,
        kind: query.kind,
        workspaceId: query.workspace,
        limit: query.limit,
      });
      return found.map((entry) => ({
        kind: entry.kind,
        id: entry.ref_id,
        workspaceId: entry.workspace_id,
        workspaceName: entry.workspace_name,
        taskId: entry.task_id,
        taskKey: entry.task_id === null ? null : taskKey(entry.task_prefix, Number(entry.task_number ?? 0)),
        title: highlight(entry.title, terms),
        snippet: snippet(entry.body, terms),
      }));
    },
  };
}

export type Search = ReturnType<typeof createSearch>;
