import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaceFromAddress } from '#src/web/lib/use-workspace-from-address.ts';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import { boardLabels, isFiltering, matchesFilters, readFilters } from './board-filters.ts';
import { BoardLanes } from './board-lanes.tsx';
import { BoardToolbar } from './board-toolbar.tsx';
import { useColumnControls } from './column-controls.tsx';
import { LATER, NewTaskDialog, TaskSheet } from './deferred-parts.ts';
import { taskByKey } from './task-by-key.ts';
import { useBoard } from './use-board.ts';
import { useMembers } from './use-members.ts';
import { useProjects } from '#src/web/lib/use-projects.ts';
import { OnceOpened, usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="max-w-xl space-y-4">
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {boardUi.tryAgain}
      </Button>
    </div>
  );
}

// The board of the current workspace at /board.
export default function BoardPage() {
  const { status, current, error, refresh } = useWorkspaces();
  useWorkspaceFromAddress(boardUi.loadFailed);
  let content;
  if (status === 'loading') content = <GenericLoader text={boardUi.loading} />;
  else if (status === 'error') content = <LoadError message={error || boardUi.loadFailed} onRetry={() => void refresh()} />;
  else if (!current) content = <p className="text-sm text-slate-600">{boardUi.noWorkspace}</p>;
  else content = <WorkspaceBoard key={current.id} workspace={current} />;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">
        {boardUi.title}
        {current ? <span className="ml-2 text-base font-medium text-slate-600">{current.name}</span> : null}
      </h1>
      {content}
    </div>
  );
}

function WorkspaceBoard({ workspace }: { workspace: WorkspaceSummary }) {
  const board = useBoard(workspace.id);
  const { state, dispatch } = board;
  const { members, list: memberList } = useMembers(workspace.id);
  const projects = useProjects(workspace.id);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const filtering = isFiltering(filters);
  usePreloadWhenIdle(LATER);
  // A link to a task or to the new task dialog: its part loads beside the board, not after it.
  useEffect(() => {
    if (params.has('task')) void TaskSheet.preload();
    else if (params.get('new') === '1') void NewTaskDialog.preload();
  }, [params]);

  // Unfiltered, each column's list is the state's own (unchanged lists keep their identity).
  const shown = useMemo(() => {
    if (!filtering) return state.order;
    return Object.fromEntries(
      Object.entries(state.order).map(([column, ids]) => [
        column,
        ids.filter((id) => matchesFilters(state.tasks[id]!, filters, projects.clientOf)),
      ]),
    );
  }, [state.order, state.tasks, filters, filtering, projects.clientOf]);
  const labels = useMemo(() => boardLabels(Object.values(state.tasks)), [state.tasks]);

  // Read through a ref, so opening a task does not hand 1,000 memoised cards a new callback.
  const paramsNow = useRef(params);
  useLayoutEffect(() => {
    paramsNow.current = params;
  });
  const setParam = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(paramsNow.current);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: value === null });
    },
    [setParams],
  );
  const tasksNow = useRef(state.tasks);
  useLayoutEffect(() => {
    tasksNow.current = state.tasks;
  });
  // The address names the task by its key (/board?task=TSR-42), which a person can read and share.
  const openTask = useCallback((id: string) => setParam('task', tasksNow.current[id]?.key ?? id), [setParam]);

  // Product rules TB3: the card moves at once; a refusal puts it back and says why.
  const move = useCallback(
    (id: string, columnId: string, list: readonly string[]) => {
      const held = state.tasks[id];
      if (!held) return;
      const afterId = list[list.indexOf(id) - 1] ?? null;
      dispatch({ type: 'task-moved', id, columnId, afterId });
      boardApi.move(workspace.id, id, columnId, afterId).then(
        (answer) => dispatch({ type: 'task-saved', task: answer.task }),
        (error: unknown) => {
          dispatch({ type: 'task-saved', task: held });
          notify.error(boardUi.moveRefused(held.title, problemText(error, boardUi.moveFailed)));
        },
      );
    },
    [state.tasks, dispatch, workspace.id],
  );

  const owner = workspace.role === 'owner';
  const columns = useColumnControls(workspace.id, state.columns, (column) => state.order[column]?.length ?? 0, dispatch);
  const openId = params.get('task');
  const openTaskRow = openId ? (state.tasks[openId] ?? taskByKey(state.tasks, openId)) : undefined;

  if (board.status === 'loading') return <GenericLoader text={boardUi.loading} />;
  if (board.status === 'error') return <LoadError message={board.error ?? boardUi.loadFailed} onRetry={board.reload} />;

  return (
    <>
      <BoardToolbar
        members={memberList}
        labels={labels}
        projects={projects.groups}
        live={board.live}
        onNewTask={() => setParam('new', '1')}
      />
      {board.error ? <Alert tone="error">{board.error}</Alert> : null}
      <BoardLanes
        board={state}
        shown={shown}
        members={members}
        filtering={filtering}
        onOpen={openTask}
        onMove={move}
        columnMenu={owner ? columns.menu : undefined}
        trailing={owner ? columns.addButton : null}
      />
      {owner ? columns.dialog : null}
      <OnceOpened open={params.get('new') === '1'}>
        <NewTaskDialog
          open={params.get('new') === '1'}
          onClose={() => setParam('new', null)}
          workspaceId={workspace.id}
          columns={state.columns}
          members={memberList}
          projects={projects}
          onCreated={(task) => dispatch({ type: 'task-saved', task })}
        />
      </OnceOpened>
      {openTaskRow ? (
        <Suspense fallback={null}>
          <TaskSheet
            key={openTaskRow.id}
            workspaceId={workspace.id}
            task={openTaskRow}
            members={memberList}
            projects={projects.groups}
            dispatch={dispatch}
            onClose={() => setParam('task', null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
