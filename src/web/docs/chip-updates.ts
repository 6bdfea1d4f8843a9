import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent, TaskResponse } from '#src/shared/tasks/paths.ts';
import { docsKeys } from './docs-api.ts';

// Apart from the chip itself, which renders inside the editor: the page's tree hears the live stream
// before the editor's code is in.
// What the live stream changes in the chips: a task's edit or move goes straight into its chip (no
// request), a deleted or restored task is asked for again (it may no longer be one the reader sees),
// a column's change reloads the statuses.
export function applyToChips(client: QueryClient, workspaceId: string, event: LiveEvent): void {
  if (event.type === 'task.updated') {
    const key = docsKeys.task(workspaceId, event.task.id);
    if (client.getQueryData(key)) client.setQueryData<TaskResponse>(key, { task: event.task });
  } else if (event.type === 'task.deleted' || event.type === 'task.created') {
    void client.invalidateQueries({ queryKey: docsKeys.task(workspaceId, event.task.id) });
  } else if (event.type === 'column.created' || event.type === 'column.updated' || event.type === 'column.deleted') {
    void client.invalidateQueries({ queryKey: docsKeys.columns(workspaceId) });
  }
}
