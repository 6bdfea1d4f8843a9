import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { COLUMN_NAME_MAX } from '#src/shared/tasks/paths.ts';
import { CreateColumnSchema } from '#src/shared/tasks/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';

// A column's name, new or changed, checked by the same schema as the server's.
export function ColumnNameDialog({
  title,
  name,
  onClose,
  onSubmit,
}: {
  title: string;
  name: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CreateColumnSchema,
    defaultValues: { name },
    fallback: boardUi.columnFailed,
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'name' : null),
    onSubmit: async (values) => {
      await onSubmit(values.name);
      onClose();
    },
  });

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={boardUi.columnName}
          autoComplete="off"
          aria-required
          maxLength={COLUMN_NAME_MAX}
          error={errorOf('name')}
          {...form.register('name')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {boardUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={boardUi.saving}>
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
