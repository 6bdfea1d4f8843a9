import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { aiUi } from '#src/shared/ai/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { TASK_DESCRIPTION_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { ProjectOptions, useOptionsOnDemand } from '#src/web/ui/project-options.tsx';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';
import type { ReviewValues } from './review-form.ts';

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children(id, describedBy)}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// One proposed task in the review list: every field editable, and a button to drop it.
export function ProposalCard({
  index,
  title,
  register,
  errors,
  members,
  projects,
  projectId,
  onDrop,
}: {
  index: number;
  title: string;
  // The proposal's project as the form holds it: its select shows it before the list is wanted.
  projectId: string;
  register: UseFormRegister<ReviewValues>;
  errors: FieldErrors<ReviewValues>['proposals'];
  members: WorkspaceMember[];
  projects: readonly ClientProjects[];
  onDrop: () => void;
}) {
  const mine = errors?.[index];
  const projectChoices = useOptionsOnDemand(projectId);
  const name = title.trim() || `${index + 1}`;
  return (
    <li className="rounded-card border border-slate-200 bg-white p-4 shadow-xs">
      <fieldset className="min-w-0 space-y-3">
        <legend className="sr-only">{name}</legend>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Field label={aiUi.titleLabel} error={mine?.title?.message}>
              {(id, describedBy) => (
                <input
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={mine?.title ? true : undefined}
                  autoComplete="off"
                  maxLength={TASK_TITLE_MAX}
                  className={cn(controlClass, 'w-full font-medium')}
                  {...register(`proposals.${index}.title`)}
                />
              )}
            </Field>
          </div>
          <button
            type="button"
            onClick={onDrop}
            aria-label={aiUi.remove(name)}
            className="mt-5 flex size-9 shrink-0 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
        <Field label={aiUi.descriptionLabel} error={mine?.description?.message}>
          {(id, describedBy) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              maxLength={TASK_DESCRIPTION_MAX}
              className={cn(controlClass, 'block w-full')}
              {...register(`proposals.${index}.description`)}
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={aiUi.assigneeLabel} error={mine?.assigneeId?.message}>
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={cn(controlClass, 'w-full')}
                {...register(`proposals.${index}.assigneeId`)}
              >
                <option value="">{aiUi.unassigned}</option>
                {members.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={aiUi.dueLabel} error={mine?.dueDate?.message}>
            {(id, describedBy) => (
              <input
                id={id}
                type="date"
                aria-describedby={describedBy}
                className={cn(controlClass, 'w-full')}
                {...register(`proposals.${index}.dueDate`)}
              />
            )}
          </Field>
          <Field label={aiUi.priorityLabel} error={mine?.priority?.message}>
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={cn(controlClass, 'w-full')}
                {...register(`proposals.${index}.priority`)}
              >
                {TASK_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {boardUi.priorityNames[priority]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={aiUi.labelsLabel} hint={aiUi.labelsHint} error={mine?.labels?.message}>
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                autoComplete="off"
                className={cn(controlClass, 'w-full')}
                {...register(`proposals.${index}.labels`)}
              />
            )}
          </Field>
          <Field label={aiUi.projectLabel} error={mine?.projectId?.message}>
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={cn(controlClass, 'w-full')}
                {...register(`proposals.${index}.projectId`)}
                {...projectChoices.selectProps}
              >
                <option value="">{aiUi.noProject}</option>
                <ProjectOptions groups={projects} offers={projectChoices.offers} />
              </select>
            )}
          </Field>
        </div>
      </fieldset>
    </li>
  );
}
