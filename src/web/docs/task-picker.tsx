import { docsText } from '#src/shared/docs/messages.ts';
import { TASK_MENTION } from '#src/shared/docs/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { parseTaskKey } from '#src/shared/tasks/task-keys.ts';
import { OptionList } from '#src/web/ui/option-list.tsx';
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

// The list `#` opens: each task's key and title (OptionList).
const TaskOptions: OptionsView<Task> = ({ items, active, onPick, onActive }) => (
  <OptionList
    label={docsText.taskPicker}
    empty={docsText.noTaskMatches}
    items={items}
    keyOf={(task) => task.id}
    render={(task) => (
      <>
        <span className="shrink-0 font-mono text-xs leading-5 text-slate-600">{task.key}</span>
        <span className="min-w-0 truncate">{task.title}</span>
      </>
    )}
    active={active}
    onPick={onPick}
    onActive={onActive}
    className="w-72"
    optionClassName="flex gap-2"
  />
);

// `#`: a task of the workspace, kept in the page as its id and key (the chip reads the rest live).
export const taskSuggestion = (workspaceId: string) =>
  pickerSuggestion<Task>({
    char: TASK_MENTION,
    items: (query) => tasksFor(workspaceId, query),
    view: TaskOptions,
    attrs: (task) => ({ id: task.id, label: task.key }),
  });
