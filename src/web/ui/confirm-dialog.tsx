import { useState, type ReactNode } from 'react';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

// A step that cannot be undone asks first. A failure is shown in the dialog, which stays open.
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  fallback,
  disabled = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  // The words shown if the server gives none.
  fallback: string;
  disabled?: boolean;
  // Resolves once done (the caller closes the dialog or leaves the page); rejects with the server's sentence.
  onConfirm: () => Promise<void>;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (busy) return;
    setProblem(null);
    onOpenChange(next);
  };

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
    } catch (error) {
      setProblem(problemText(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) void confirm();
        }}
      >
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            {workspaceUi.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel={busyLabel} disabled={disabled}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
