import { docsText } from '#src/shared/docs/messages.ts';
import { TASK_MENTION } from '#src/shared/docs/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { parseTaskKey } from '#src/shared/tasks/task-keys.ts';
import { cn } from '#src/web/ui/cn.ts';
import { docsApi } from './docs-api.ts';
import { pickerSuggestion, type OptionsView } from './mention-picker.tsx';

// The workspace's tasks for what was typed after `#`: the one a key names (TSR-42, any case), else those
// whose title holds the words. Nothing (rather than an error under the caret) when the server says no.
async function tasksFor(workspaceId: string, query: string): Promise<Task[]> {
  try {
    if (parseTaskKey(query)) return [(await docsApi.task(workspaceId, query)).task];
    return (await docsApi.findTasks(workspaceId, query)).tasks;
  } catch {
    return [];
  }
}

// The list `#` opens: each task's key and title, one highlighted, or a line saying none matches. Picking
// with the mouse keeps focus (and the caret) in the page.
const TaskOptions: OptionsView<Task> = ({ items, active, onPick, onActive }) => (
  <ul
    role="listbox"
    aria-label={docsText.taskPicker}
    className="z-50 max-h-60 w-72 overflow-y-auto rounded-card border border-slate-200 bg-white p-1 text-sm shadow-lg"
  >
    {items.length === 0 ? (
      <li role="presentation" className="px-2.5 py-2 text-ink-muted">
        {docsText.noTaskMatches}
      </li>
    ) : (
      items.map((task, index) => (
        <li
          key={task.id}
          role="option"
          aria-selected={index === active}
          className={cn(
            'flex cursor-pointer gap-2 rounded-md px-2.5 py-2 text-slate-800',
            index === active && 'bg-slate-100 text-slate-900',
          )}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(task);
          }}
          onMouseEnter={() => onActive(index)}
        >
          <span className="shrink-0 font-mono text-xs leading-5 text-slate-600">{task.key}</span>
          <span className="min-w-0 truncate">{task.title}</span>
        </li>
      ))
    )}
  </ul>
);

// `#`: a task of the workspace, kept in the page as its id and key (the chip reads the rest live).
export const taskSuggestion = (workspaceId: string) =>
  pickerSuggestion<Task>({
    char: TASK_MENTION,
    items: (query) => tasksFor(workspaceId, query),
    view: TaskOptions,
    attrs: (task) => ({ id: task.id, label: task.key }),
  });
