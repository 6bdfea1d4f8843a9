import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState, type Dispatch } from 'react';
import type { z } from 'zod';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { UpdateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { type Task } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { ApiError, problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { keepOpenWhilePicking } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import type { BoardAction } from './board-state.ts';
import { draftOf, rebase, taskDraftSchema, type TaskDraft } from './task-draft.ts';
import { TaskLinks } from './task-links.tsx';
import { TaskPages } from './task-pages.tsx';
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

const EditTaskSchema = taskDraftSchema(UpdateTaskSchema.omit({ version: true }));

// The editor: what it opened (to tell the person's edits from a teammate's), the version a save sends
// (product rules T: a stale version is a 409, never a silent overwrite), and what the form shows.
// `save` answers the saved task, or null when it was not saved (a conflict).
function useTaskEditor(task: Task, save: (fields: z.output<typeof EditTaskSchema>, version: number) => Promise<Task | null>) {
  const [state, setState] = useState(() => ({ opened: draftOf(task), version: task.version, shown: draftOf(task) }));
  const settle = (saved: Task, next: TaskDraft = draftOf(saved)) =>
    setState({ opened: draftOf(saved), version: saved.version, shown: next });
  const editor = useSchemaForm({
    schema: EditTaskSchema,
    defaultValues: state.shown,
    fallback: boardUi.saveFailed,
    onSubmit: async (fields) => {
      const saved = await save(fields, state.version);
      if (saved) settle(saved);
    },
  });
  const { form } = editor;
  const draft = form.watch();
  const dirty = (Object.keys(draft) as (keyof TaskDraft)[]).some((key) => draft[key] !== state.opened[key]);
  // A teammate's save while the form is untouched simply shows; once the person types, it waits for
  // their save (and its conflict).
  if (task.version > state.version && !dirty) setState({ opened: draftOf(task), version: task.version, shown: draftOf(task) });
  useEffect(() => form.reset(state.shown), [form, state.shown]);
  // Product rules TB6: after a conflict, the person's edits over the latest saved task.
  const rebased = (latest: Task) => rebase(state.opened, draft, draftOf(latest));
  return { ...editor, settle, rebased };
}

export function TaskSheet({ workspaceId, task, members, projects, dispatch, onClose }: SheetProps) {
  const [conflict, setConflict] = useState(false);
  const [acting, setActing] = useState<'reload' | 'delete' | null>(null);
  const { form, submit, busy, problem, errorOf, settle, rebased } = useTaskEditor(task, async (fields, version) => {
    try {
      const { task: saved } = await boardApi.update(workspaceId, task.id, { version, ...fields });
      dispatch({ type: 'task-saved', task: saved });
      setConflict(false);
      notify.success(boardUi.saved);
      return saved;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      setConflict(true);
      return null;
    }
  });
  const showProblem = (message: string) => form.setError('root.server', { type: 'server', message });

  async function reload() {
    setActing('reload');
    try {
      const { task: latest } = await boardApi.task(workspaceId, task.id);
      dispatch({ type: 'task-saved', task: latest });
      settle(latest, rebased(latest));
      setConflict(false);
      notify.info(boardUi.reloaded);
    } catch (error) {
      showProblem(error instanceof ApiError && error.status === 404 ? boardUi.taskGone : problemText(error, boardUi.saveFailed));
    }
    setActing(null);
  }

  async function remove() {
    setActing('delete');
    try {
      await deleteWithUndo(workspaceId, task, dispatch);
      onClose();
    } catch (error) {
      showProblem(problemText(error, boardUi.deleteFailed));
      setActing(null);
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
            <form onSubmit={submit} noValidate className="space-y-4">
              {conflict ? (
                <Alert tone="error">
                  <p>{boardUi.conflict}</p>
                  <Button variant="secondary" className="mt-2 px-3 py-1.5" onClick={() => void reload()} busy={acting === 'reload'}>
                    {boardUi.reloadTask}
                  </Button>
                </Alert>
              ) : null}
              {problem ? <Alert tone="error">{problem}</Alert> : null}
              <TaskFields form={form} errorOf={errorOf} members={members} projects={projects} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <Button variant="danger" onClick={() => void remove()} busy={acting === 'delete'} disabled={busy || acting !== null}>
                  {boardUi.delete}
                </Button>
                <Button type="submit" busy={busy} busyLabel={boardUi.saving} disabled={busy || acting !== null}>
                  {boardUi.save}
                </Button>
              </div>
            </form>
            <TaskLinks workspaceId={workspaceId} task={task} />
            <TaskPages workspaceId={workspaceId} taskId={task.id} />
            <TaskComments workspaceId={workspaceId} taskId={task.id} canShareWithClient={task.sharedWithClient} />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
