import { clientUi } from '#src/shared/clients/messages.ts';
import { Button } from '#src/web/ui/button.tsx';

// A read that failed: what happened, and a way to try again.
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-5 text-sm text-red-800">
      <p>{clientUi.loadFailed}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {clientUi.tryAgain}
      </Button>
    </div>
  );
}
