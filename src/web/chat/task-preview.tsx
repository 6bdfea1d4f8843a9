import { useQuery } from '@tanstack/react-query';
import { chatText } from '#src/shared/chat/messages.ts';
import { taskAddress } from '#src/shared/tasks/task-keys.ts';
import { formatDay } from '#src/web/lib/format-time.ts';
import { chatApi, chatKeys } from './chat-api.ts';

// Task keys a message names (`TSR-42`, also inside a link to /board?task=TSR-42): upper-case, as keys
// are shown, so words like "covid-19" are not taken for one. At most three cards per message.
const KEY = /(?<![A-Za-z0-9])([A-Z][A-Z0-9]{1,5}-[1-9][0-9]{0,8})(?![0-9])/g;
export const taskKeysIn = (text: string) => [...new Set(Array.from(text.matchAll(KEY), (match) => match[1]!))].slice(0, 3);

// A live card of a task named in a message: refreshed when any task changes; nothing when the key names
// no task of this workspace.
export function TaskPreview({ workspaceId, taskKey }: { workspaceId: string; taskKey: string }) {
  const { data } = useQuery({
    queryKey: chatKeys.task(workspaceId, taskKey),
    queryFn: () => chatApi.task(workspaceId, taskKey),
    retry: false,
    staleTime: 30_000,
  });
  if (!data) return null;
  const { task } = data;
  return (
    <a
      href={taskAddress(task.key)}
      aria-label={`${chatText.taskPreview(task.key)}: ${task.title}`}
      className="mt-1 block max-w-md rounded-control border border-slate-200 bg-white px-3 py-2 text-sm shadow-xs hover:border-slate-400"
    >
      <span className="font-mono text-xs text-slate-600">{task.key}</span> <span className="font-medium text-slate-900">{task.title}</span>
      <span className="mt-0.5 block text-xs text-slate-600">
        {task.assignee ? chatText.assignedTo(task.assignee.name) : chatText.unassigned}
        {task.dueDate ? ` · ${formatDay(task.dueDate)}` : ''}
      </span>
    </a>
  );
}
