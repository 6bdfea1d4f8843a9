import { useId, useState } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { CreateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { type Column, type Task } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { blankDraft, taskDraftSchema, type TaskDraft } from './task-draft.ts';
import { QuickAddField } from './quick-add-field.tsx';
import { TaskFields } from './task-fields.tsx';
import type { WorkspaceProjects } from '#src/web/lib/use-projects.ts';

// The column is the dialog's own select (its first one until the person picks).
const NewTaskSchema = taskDraftSchema(CreateTaskSchema.omit({ columnId: true }));

// Create New Task (the Home panel opens it with `/board?new=1`). Title required; what was typed
// stays when the server refuses, so the person can correct it.
export function NewTaskDialog({
  open,
  onClose,
  workspaceId,
  columns,
  members,
  projects,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  workspaceId: string;
  columns: Column[];
  members: WorkspaceMember[];
  projects: WorkspaceProjects;
  onCreated: (task: Task) => void;
}) {
  const [columnId, setColumnId] = useState('');
  const columnFieldId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: NewTaskSchema,
    defaultValues: blankDraft,
    fallback: boardUi.createFailed,
    onSubmit: async (fields) => {
      const { task } = await boardApi.create(workspaceId, { ...fields, columnId: columnId || columns[0]?.id });
      onCreated(task);
      notify.success(boardUi.created(task.title));
      form.reset();
      onClose();
    },
  });
  // A quick-add line fills the fields it names.
  const fill = (draft: TaskDraft) => {
    for (const key of Object.keys(draft) as (keyof TaskDraft)[]) form.setValue(key, draft[key]);
  };

  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())} title={boardUi.createTitle}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <QuickAddField draft={form.watch()} onChange={fill} members={members} projects={projects.list} />
        <TaskFields form={form} errorOf={errorOf} members={members} projects={projects.groups} />
        <div>
          <label htmlFor={columnFieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {boardUi.columnField}
          </label>
          <select
            id={columnFieldId}
            className={cn(controlClass, 'w-full')}
            value={columnId || columns[0]?.id}
            onChange={(event) => setColumnId(event.target.value)}
          >
            {columns.map((column) => (
              <option key={column.id} value={column.id}>
                {column.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {boardUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={boardUi.creating}>
            {boardUi.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
