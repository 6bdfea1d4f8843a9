import { MoreHorizontal, Plus } from 'lucide-react';
import { Suspense, useState, type Dispatch } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { Column } from '#src/shared/tasks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { Menu, MenuItem } from '#src/web/ui/menu.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import type { BoardAction } from './board-state.ts';
import { ColumnNameDialog } from './deferred-parts.ts';

type Step = { kind: 'rename' | 'remove'; column: Column } | { kind: 'add' } | null;

// Owners rename, add, reorder and remove columns; a column with tasks cannot be removed.
export function useColumnControls(
  workspaceId: string,
  columns: Column[],
  taskCount: (columnId: string) => number,
  dispatch: Dispatch<BoardAction>,
) {
  const [step, setStep] = useState<Step>(null);

  const move = (column: Column, by: -1 | 1) => {
    const others = columns.filter((one) => one.id !== column.id);
    const index = columns.findIndex((one) => one.id === column.id) + by;
    const afterId = index <= 0 ? null : others[index - 1]!.id;
    boardApi.moveColumn(workspaceId, column.id, afterId).then(
      (answer) => dispatch({ type: 'column-saved', column: answer.column }),
      (error: unknown) => notify.error(problemText(error, boardUi.columnFailed)),
    );
  };

  const submit = async (name: string) => {
    if (!step) return;
    if (step.kind === 'add') {
      dispatch({ type: 'column-saved', column: (await boardApi.addColumn(workspaceId, name)).column });
    } else if (step.kind === 'rename') {
      dispatch({ type: 'column-saved', column: (await boardApi.renameColumn(workspaceId, step.column.id, name)).column });
    } else {
      await boardApi.removeColumn(workspaceId, step.column.id);
      dispatch({ type: 'column-removed', id: step.column.id });
    }
  };

  const menu = (columnId: string) => {
    const column = columns.find((one) => one.id === columnId);
    if (!column) return null;
    const index = columns.indexOf(column);
    return (
      <Menu
        label={boardUi.columnMenu(column.name)}
        trigger={
          <button
            type="button"
            className="flex size-8 shrink-0 items-center justify-center rounded-control text-slate-600 hover:bg-slate-200"
          >
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </button>
        }
      >
        <MenuItem onSelect={() => setStep({ kind: 'rename', column })}>{boardUi.renameColumn}</MenuItem>
        {index > 0 ? <MenuItem onSelect={() => move(column, -1)}>{boardUi.moveColumnLeft}</MenuItem> : null}
        {index < columns.length - 1 ? <MenuItem onSelect={() => move(column, 1)}>{boardUi.moveColumnRight}</MenuItem> : null}
        <MenuItem onSelect={() => (taskCount(column.id) > 0 ? notify.error(boardUi.columnNotEmpty) : setStep({ kind: 'remove', column }))}>
          {boardUi.removeColumn}
        </MenuItem>
      </Menu>
    );
  };

  const addButton = (
    <Button variant="secondary" className="shrink-0" onClick={() => setStep({ kind: 'add' })}>
      <Plus className="size-4" aria-hidden="true" />
      {boardUi.addColumn}
    </Button>
  );

  const close = () => setStep(null);
  let dialog = null;
  if (step?.kind === 'remove') {
    dialog = (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : close())}
        title={boardUi.removeColumnTitle(step.column.name)}
        description={boardUi.removeColumnLead}
        confirmLabel={boardUi.removeColumnTitle(step.column.name)}
        busyLabel={boardUi.removing}
        fallback={boardUi.columnFailed}
        onConfirm={async () => {
          await submit('');
          close();
        }}
      />
    );
  } else if (step) {
    const title = step.kind === 'add' ? boardUi.addColumn : boardUi.renameColumn;
    dialog = (
      <Suspense fallback={null}>
        <ColumnNameDialog
          key={step.kind}
          title={title}
          name={step.kind === 'rename' ? step.column.name : ''}
          onClose={close}
          onSubmit={submit}
        />
      </Suspense>
    );
  }
  return { menu, addButton, dialog };
}
