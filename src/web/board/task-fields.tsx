import { useId, type ReactNode } from 'react';
import { boardUi } from '#src/shared/board-messages.ts';
import { TASK_DESCRIPTION_MAX, TASK_PRIORITIES, TASK_TITLE_MAX, type TaskPriority } from '#src/shared/tasks.ts';
import type { WorkspaceMember } from '#src/shared/workspaces.ts';
import { cn } from '#src/web/ui/cn.ts';
import { TextField } from '#src/web/ui/field.tsx';
import { controlClass } from './control-class.ts';
import { MarkdownText } from './markdown-text.tsx';
import type { TaskDraft } from './task-draft.ts';

function Labelled({ label, hint, children }: { label: string; hint?: string; children: (id: string, hintId?: string) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

// spec 3's task fields, for the new-task form and the edit sheet alike (issue 16).
export function TaskFields({
  draft,
  onChange,
  members,
}: {
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  members: WorkspaceMember[];
}) {
  const set = <Key extends keyof TaskDraft>(key: Key, value: TaskDraft[Key]) => onChange({ ...draft, [key]: value });
  return (
    <div className="space-y-4">
      <TextField
        label={boardUi.titleLabel}
        name="title"
        autoComplete="off"
        aria-required
        maxLength={TASK_TITLE_MAX}
        value={draft.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <Labelled label={boardUi.descriptionLabel} hint={boardUi.descriptionHint}>
        {(id, hintId) => (
          <textarea
            id={id}
            aria-describedby={hintId}
            rows={5}
            maxLength={TASK_DESCRIPTION_MAX}
            className={cn(controlClass, 'block w-full')}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Labelled>
      {draft.description.trim() ? (
        <section aria-label={boardUi.preview} className="rounded-control border border-slate-200 bg-slate-50 p-3">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{boardUi.preview}</h3>
          <MarkdownText source={draft.description} />
        </section>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled label={boardUi.assigneeLabel}>
          {(id) => (
            <select
              id={id}
              className={cn(controlClass, 'w-full')}
              value={draft.assigneeId}
              onChange={(event) => set('assigneeId', event.target.value)}
            >
              <option value="">{boardUi.unassigned}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={boardUi.priorityLabelField}>
          {(id) => (
            <select
              id={id}
              className={cn(controlClass, 'w-full')}
              value={draft.priority}
              onChange={(event) => set('priority', event.target.value as TaskPriority)}
            >
              {TASK_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {boardUi.priorityNames[priority]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={boardUi.dueLabel}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={cn(controlClass, 'w-full')}
              value={draft.dueDate}
              onChange={(event) => set('dueDate', event.target.value)}
            />
          )}
        </Labelled>
        <Labelled label={boardUi.labelsLabel} hint={boardUi.labelsHint}>
          {(id, hintId) => (
            <input
              id={id}
              aria-describedby={hintId}
              autoComplete="off"
              className={cn(controlClass, 'w-full')}
              value={draft.labels}
              onChange={(event) => set('labels', event.target.value)}
            />
          )}
        </Labelled>
      </div>
    </div>
  );
}
