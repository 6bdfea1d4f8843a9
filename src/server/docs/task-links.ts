import type { Kysely } from 'kysely';
import { TASK_LINKS_PER_PAGE } from '#src/shared/docs/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

// The tasks a page links to become the ones its chips name now, in the transaction that writes the page:
// a chip removed unlinks its task. Only tasks of the page's own workspace are linked (a chip copied from
// another workspace's page names a task nobody here may see); a deleted task keeps its link, so that
// restoring the task brings its pages back.
export async function linkTasks(tx: Kysely<Database>, page: { workspaceId: string; pageId: string }, named: string[]): Promise<void> {
  const wanted = named.slice(0, TASK_LINKS_PER_PAGE);
  const ours =
    wanted.length === 0
      ? []
      : (await tx.selectFrom('tasks').select('id').where('workspace_id', '=', page.workspaceId).where('id', 'in', wanted).execute()).map(
          (row) => row.id,
        );
  const linked = (await tx.selectFrom('doc_task_links').select('task_id').where('page_id', '=', page.pageId).execute()).map(
    (row) => row.task_id,
  );
  const gone = linked.filter((id) => !ours.includes(id));
  const fresh = ours.filter((id) => !linked.includes(id));
  if (gone.length > 0) await tx.deleteFrom('doc_task_links').where('page_id', '=', page.pageId).where('task_id', 'in', gone).execute();
  if (fresh.length > 0) {
    await tx
      .insertInto('doc_task_links')
      .values(fresh.map((taskId) => ({ page_id: page.pageId, task_id: taskId, workspace_id: page.workspaceId })))
      .execute();
  }
}
