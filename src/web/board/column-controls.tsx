import { MoreHorizontal, Plus } from 'lucide-react';
import { useState, type Dispatch, type FormEvent } from 'react';
import { boardUi } from '#src/shared/board-messages.ts';
import { firstIssueMessage } from '#src/shared/contract.ts';
import { COLUMN_NAME_MAX, CreateColumnSchema, type Column } from '#src/shared/tasks.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { Menu, MenuItem } from '#src/web/ui/menu.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi } from './board-api.ts';
import type { BoardAction } from './board-state.ts';

type Step = { kind: 'rename' | 'remove'; column: Column } | { kind: 'add' } | null;

// One dialog for the steps that ask something: a name (rename, add) or a confirmation (remove).
function ColumnDialog({
  step,
  onClose,
  onSubmit,
}: {
  step: NonNullable<Step>;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(step.kind === 'rename' ? step.column.name : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const naming = step.kind !== 'remove';
  const title =
    step.kind === 'remove' ? boardUi.removeColumnTitle(step.column.name) : step.kind === 'add' ? boardUi.addColumn : boardUi.renameColumn;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (naming) {
      const parsed = CreateColumnSchema.safeParse({ name });
      if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    }
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      setProblem(problemText(error, boardUi.columnFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={title}
      description={naming ? undefined : boardUi.removeColumnLead}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {naming ? (
          <TextField
            label={boardUi.columnName}
            autoComplete="off"
            aria-required
            maxLength={COLUMN_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {boardUi.cancel}
          </Button>
          <Button type="submit" variant={naming ? 'primary' : 'danger'} busy={busy} busyLabel={naming ? boardUi.saving : boardUi.removing}>
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// Issue 16: owners rename, add, reorder and remove columns; a column with tasks cannot be removed.
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

  const dialog = step ? <ColumnDialog key={step.kind} step={step} onClose={() => setStep(null)} onSubmit={submit} /> : null;
  return { menu, addButton, dialog };
}
