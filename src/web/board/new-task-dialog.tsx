import { useId, useState, type FormEvent } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { CreateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { type Column, type Task } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { blankDraft, fieldsOf } from './task-draft.ts';
import { QuickAddField } from './quick-add-field.tsx';
import { TaskFields } from './task-fields.tsx';
import type { WorkspaceProjects } from '#src/web/lib/use-projects.ts';

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
  const [draft, setDraft] = useState(blankDraft);
  const [columnId, setColumnId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const columnFieldId = useId();

  const close = () => {
    if (busy) return;
    setDraft(blankDraft);
    setProblem(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateTaskSchema.safeParse({ ...fieldsOf(draft), columnId: columnId || columns[0]?.id });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setProblem(null);
    setBusy(true);
    try {
      const { task } = await boardApi.create(workspaceId, parsed.data);
      onCreated(task);
      notify.success(boardUi.created(task.title));
      setBusy(false);
      setDraft(blankDraft);
      onClose();
    } catch (error) {
      setProblem(problemText(error, boardUi.createFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())} title={boardUi.createTitle}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <QuickAddField draft={draft} onChange={setDraft} members={members} projects={projects.list} />
        <TaskFields draft={draft} onChange={setDraft} members={members} projects={projects.groups} />
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
