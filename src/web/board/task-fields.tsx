import { useId, type ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { UseFormReturn } from 'react-hook-form';
import { TASK_DESCRIPTION_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { cn } from '#src/web/ui/cn.ts';
import { FieldFrame, TextField, useFieldIds } from '#src/web/ui/field.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { mentionCandidates } from './use-members.ts';
import { ProjectOptions, useOptionsOnDemand } from '#src/web/ui/project-options.tsx';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';
import type { TaskDraft } from './task-draft.ts';

// A control of the form with the fields' label, hint and problem (src/web/ui/field.tsx), for controls
// other than a plain input.
function Labelled({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (id: string, describedBy?: string, invalid?: true) => ReactNode;
}) {
  const ids = useFieldIds(undefined, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} {...ids}>
      {children(ids.inputId, ids.describedBy, error ? true : undefined)}
    </FieldFrame>
  );
}

// spec 3's task fields, for the new-task form and the edit sheet alike. The selects take their value
// from the form as well, so one whose options arrive later (members, projects) still shows it.
export function TaskFields<Body>({
  form,
  errorOf,
  members,
  projects,
}: {
  form: UseFormReturn<TaskDraft, unknown, Body>;
  errorOf: (name: keyof TaskDraft) => string | null;
  members: WorkspaceMember[];
  projects: readonly ClientProjects[];
}) {
  const { register } = form;
  const draft = form.watch();
  const candidates = mentionCandidates(members);
  const nameOf = (id: string) => members.find((member) => member.userId === id)?.name;
  const sharedId = useId();
  const projectChoices = useOptionsOnDemand(draft.projectId);
  return (
    <div className="space-y-4">
      <TextField
        label={boardUi.titleLabel}
        autoComplete="off"
        aria-required
        maxLength={TASK_TITLE_MAX}
        error={errorOf('title')}
        {...register('title')}
      />
      <Labelled label={boardUi.descriptionLabel} hint={boardUi.descriptionHint} error={errorOf('description')}>
        {(id, describedBy, invalid) => (
          <MentionTextarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            rows={5}
            maxLength={TASK_DESCRIPTION_MAX}
            className={cn(controlClass, 'block w-full')}
            members={candidates}
            {...register('description')}
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
            <select id={id} className={cn(controlClass, 'w-full')} value={draft.assigneeId} {...register('assigneeId')}>
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
            <select id={id} className={cn(controlClass, 'w-full')} {...register('priority')}>
              {TASK_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {boardUi.priorityNames[priority]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={boardUi.dueLabel} error={errorOf('dueDate')}>
          {(id, describedBy, invalid) => (
            <input
              id={id}
              type="date"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={cn(controlClass, 'w-full')}
              {...register('dueDate')}
            />
          )}
        </Labelled>
        <Labelled label={boardUi.labelsLabel} hint={boardUi.labelsHint} error={errorOf('labels')}>
          {(id, describedBy, invalid) => (
            <input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="off"
              className={cn(controlClass, 'w-full')}
              {...register('labels')}
            />
          )}
        </Labelled>
      </div>
      <Labelled label={boardUi.projectLabel} hint={projects.length === 0 ? boardUi.projectHint : undefined}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={cn(controlClass, 'w-full')}
            value={draft.projectId}
            {...register('projectId', {
              // Without a project there is no client to share with.
              onChange: (event: { target: HTMLSelectElement }) => {
                if (!event.target.value) form.setValue('sharedWithClient', false);
              },
            })}
            {...projectChoices.selectProps}
          >
            <option value="">{boardUi.noProject}</option>
            <ProjectOptions groups={projects} offers={projectChoices.offers} />
          </select>
        )}
      </Labelled>
      <div className="flex items-start gap-2">
        <input
          id={sharedId}
          type="checkbox"
          aria-describedby={`${sharedId}-hint`}
          className="mt-0.5 size-4 rounded border-slate-300 accent-accent-600"
          disabled={!draft.projectId}
          {...register('sharedWithClient')}
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
