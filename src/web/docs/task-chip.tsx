import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { createContext, useContext } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import { taskAddress } from '#src/shared/tasks/task-keys.ts';
import { Link } from '#src/web/routing/links.tsx';
import { docsApi, docsKeys } from './docs-api.ts';

// The workspace whose tasks the page's chips show (node views render inside the editor, under this).
export const ChipWorkspace = createContext<string>('');

// A task's chip in a page: its key, title and column, kept current by the workspace's live stream;
// following it opens the task on the board. A task the reader cannot see (another workspace's, deleted,
// or none) shows only the key the page holds, as plain text: its title never reaches the page.
export function TaskChip({ node }: ReactNodeViewProps) {
  const workspaceId = useContext(ChipWorkspace);
  const taskId = String(node.attrs.id ?? '');
  const stored = String(node.attrs.label ?? '');
  const found = useQuery({
    queryKey: docsKeys.task(workspaceId, taskId),
    queryFn: () => docsApi.task(workspaceId, taskId),
    enabled: taskId !== '',
    retry: false,
    staleTime: Infinity,
  });
  const columns = useQuery({ queryKey: docsKeys.columns(workspaceId), queryFn: () => docsApi.columns(workspaceId), staleTime: Infinity });
  const task = found.data?.task;
  const status = columns.data?.columns.find((column) => column.id === task?.columnId)?.name;
  if (!task) {
    return (
      <NodeViewWrapper as="span" data-testid="task-chip-unknown">
        {stored}
      </NodeViewWrapper>
    );
  }
  const href = taskAddress(task.key);
  return (
    <NodeViewWrapper as="span" className="task-chip-wrap">
      <Link to={href} data-testid="task-chip" className="task-chip" aria-label={docsText.taskChip(task.key, task.title, status)}>
        <span className="task-chip-key">{task.key}</span>
        <span className="task-chip-title">{task.title}</span>
        {status ? <span className="task-chip-status">{status}</span> : null}
      </Link>
    </NodeViewWrapper>
  );
}
