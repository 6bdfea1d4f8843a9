import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState, type Dispatch, type FormEvent } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { UpdateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { type Task } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { ApiError, problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { keepOpenWhilePicking } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import type { BoardAction } from './board-state.ts';
import { draftOf, fieldsOf, rebase, type TaskDraft } from './task-draft.ts';
import { TaskLinks } from './task-links.tsx';
import { TaskComments } from './task-comments.tsx';
import { TaskFields } from './task-fields.tsx';
import { FollowButton } from './follow-button.tsx';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';

interface SheetProps {
  workspaceId: string;
  task: Task;
  members: WorkspaceMember[];
  projects: readonly ClientProjects[];
  dispatch: Dispatch<BoardAction>;
  onClose: () => void;
}

// Product rules TB7: deleting asks nothing; the toast's Undo restores the task (the server keeps it until then).
function deleteWithUndo(workspaceId: string, task: Task, dispatch: Dispatch<BoardAction>) {
  return boardApi.remove(workspaceId, task.id).then(() => {
    dispatch({ type: 'task-removed', id: task.id });
    notify.success(boardUi.deleted(task.title), {
      label: boardUi.undo,
      onClick: () =>
        void boardApi.restore(workspaceId, task.id).then(
          (answer) => {
            dispatch({ type: 'task-saved', task: answer.task });
            notify.success(boardUi.restored(answer.task.title));
          },
          (error: unknown) => notify.error(problemText(error, boardUi.restoreFailed)),
        ),
    });
  });
}

// The editor's state: what it opened (to tell the person's edits from a teammate's), what is typed, and
// the version a save sends (product rules T: a stale version is a 409, never a silent overwrite).
function useTaskEditor(task: Task) {
  const [opened, setOpened] = useState(() => ({ draft: draftOf(task), version: task.version }));
  const [draft, setDraft] = useState<TaskDraft>(opened.draft);
  const dirty = (Object.keys(draft) as (keyof TaskDraft)[]).some((key) => draft[key] !== opened.draft[key]);
  // A teammate's save while the form is untouched simply shows; once the person types, it waits for
  // their save (and its conflict).
  if (task.version > opened.version && !dirty) {
    const latest = { draft: draftOf(task), version: task.version };
    setOpened(latest);
    setDraft(latest.draft);
  }
  const settle = (saved: Task, next: TaskDraft = draftOf(saved)) => {
    setOpened({ draft: draftOf(saved), version: saved.version });
    setDraft(next);
  };
  return { opened, draft, setDraft, settle };
}

export function TaskSheet({ workspaceId, task, members, projects, dispatch, onClose }: SheetProps) {
  const { opened, draft, setDraft, settle } = useTaskEditor(task);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<'save' | 'reload' | 'delete' | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateTaskSchema.safeParse({ version: opened.version, ...fieldsOf(draft) });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setProblem(null);
    setBusy('save');
    try {
      const { task: saved } = await boardApi.update(workspaceId, task.id, parsed.data);
      dispatch({ type: 'task-saved', task: saved });
      settle(saved);
      setConflict(false);
      notify.success(boardUi.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else setProblem(problemText(error, boardUi.saveFailed));
    }
    setBusy(null);
  }

  async function reload() {
    setBusy('reload');
    try {
      const { task: latest } = await boardApi.task(workspaceId, task.id);
      dispatch({ type: 'task-saved', task: latest });
      settle(latest, rebase(opened.draft, draft, draftOf(latest)));
      setConflict(false);
      setProblem(null);
      notify.info(boardUi.reloaded);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 404 ? boardUi.taskGone : problemText(error, boardUi.saveFailed));
    }
    setBusy(null);
  }

  async function remove() {
    setBusy('delete');
    try {
      await deleteWithUndo(workspaceId, task, dispatch);
      onClose();
    } catch (error) {
      setProblem(problemText(error, boardUi.deleteFailed));
      setBusy(null);
    }
  }

  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={keepOpenWhilePicking}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-white shadow-xl transition duration-200 starting:translate-x-4 starting:opacity-0"
        >
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div>
              <p data-testid="task-sheet-key" className="font-mono text-xs text-slate-600">
                {task.key}
              </p>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{boardUi.editTitle}</RadixDialog.Title>
            </div>
            <div className="ml-auto">
              <FollowButton workspaceId={workspaceId} taskId={task.id} />
            </div>
            <RadixDialog.Close
              aria-label={boardUi.close}
              className="flex size-9 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5">
            <form onSubmit={save} noValidate className="space-y-4">
              {conflict ? (
                <Alert tone="error">
                  <p>{boardUi.conflict}</p>
                  <Button variant="secondary" className="mt-2 px-3 py-1.5" onClick={() => void reload()} busy={busy === 'reload'}>
                    {boardUi.reloadTask}
                  </Button>
                </Alert>
              ) : null}
              {problem ? <Alert tone="error">{problem}</Alert> : null}
              <TaskFields draft={draft} onChange={setDraft} members={members} projects={projects} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <Button variant="danger" onClick={() => void remove()} busy={busy === 'delete'} disabled={busy !== null}>
                  {boardUi.delete}
                </Button>
                <Button type="submit" busy={busy === 'save'} busyLabel={boardUi.saving} disabled={busy !== null}>
                  {boardUi.save}
                </Button>
              </div>
            </form>
            <TaskLinks workspaceId={workspaceId} task={task} />
            <TaskComments workspaceId={workspaceId} taskId={task.id} canShareWithClient={task.sharedWithClient} />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
