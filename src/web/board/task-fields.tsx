import { useId, type ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { TASK_DESCRIPTION_MAX, TASK_PRIORITIES, TASK_TITLE_MAX, type TaskPriority } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { cn } from '#src/web/ui/cn.ts';
import { TextField } from '#src/web/ui/field.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { mentionCandidates } from './use-members.ts';
import { ProjectOptions } from '#src/web/ui/project-options.tsx';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';
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

// spec 3's task fields, for the new-task form and the edit sheet alike.
export function TaskFields({
  draft,
  onChange,
  members,
  projects,
}: {
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  members: WorkspaceMember[];
  projects: readonly ClientProjects[];
}) {
  const set = <Key extends keyof TaskDraft>(key: Key, value: TaskDraft[Key]) => onChange({ ...draft, [key]: value });
  const candidates = mentionCandidates(members);
  const nameOf = (id: string) => members.find((member) => member.userId === id)?.name;
  const sharedId = useId();
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
          <MentionTextarea
            id={id}
            aria-describedby={hintId}
            rows={5}
            maxLength={TASK_DESCRIPTION_MAX}
            className={cn(controlClass, 'block w-full')}
            members={candidates}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Labelled>
      {draft.description.trim() ? (
        <section aria-label={boardUi.preview} className="rounded-control border border-slate-200 bg-slate-50 p-3">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{boardUi.preview}</h3>
          <MarkdownText source={renderMentions(draft.description, nameOf)} />
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
      <Labelled label={boardUi.projectLabel} hint={projects.length === 0 ? boardUi.projectHint : undefined}>
        {(id, hintId) => (
          <select
            id={id}
            aria-describedby={hintId}
            className={cn(controlClass, 'w-full')}
            value={draft.projectId}
            // Without a project there is no client to share with.
            onChange={(event) =>
              onChange({ ...draft, projectId: event.target.value, sharedWithClient: event.target.value ? draft.sharedWithClient : false })
            }
          >
            <option value="">{boardUi.noProject}</option>
            <ProjectOptions groups={projects} />
          </select>
        )}
      </Labelled>
      <div className="flex items-start gap-2">
        <input
          id={sharedId}
          type="checkbox"
          aria-describedby={`${sharedId}-hint`}
          className="mt-0.5 size-4 rounded border-slate-300 accent-accent-600"
          checked={draft.sharedWithClient}
          disabled={!draft.projectId}
          onChange={(event) => set('sharedWithClient', event.target.checked)}
        />
        <div>
          <label htmlFor={sharedId} className="text-sm font-medium text-slate-700">
            {boardUi.sharedLabel}
          </label>
          <p id={`${sharedId}-hint`} className="text-xs text-slate-600">
            {draft.projectId ? boardUi.sharedHint : boardUi.sharedNeedsProject}
          </p>
        </div>
      </div>
    </div>
  );
}
