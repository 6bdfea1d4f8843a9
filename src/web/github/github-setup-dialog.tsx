import { githubUi } from '#src/shared/github/messages.ts';
import type { ConnectedRepoResponse } from '#src/shared/github/paths.ts';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(githubUi.copied);
    } catch {
      notify.error(githubUi.copyFailed);
    }
  }
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-800">{label}</p>
      <div className="flex gap-2">
        <input
          readOnly
          aria-label={label}
          value={value}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
          className="block w-full min-w-0 rounded-control border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900"
        />
        <Button variant="secondary" className="shrink-0 px-3" onClick={() => void copy()} aria-label={`${githubUi.copy} ${label}`}>
          {githubUi.copy}
        </Button>
      </div>
    </div>
  );
}

// What to paste into GitHub, once: the address and the secret (which is never shown again).
export function GithubSetupDialog({ connected, onClose }: { connected: ConnectedRepoResponse | null; onClose: () => void }) {
  return (
    <Dialog
      open={connected !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={githubUi.setupTitle}
      description={githubUi.setupSteps}
    >
      <div className="space-y-4">
        <CopyRow label={githubUi.payloadUrl} value={connected?.repo.hookUrl ?? ''} testId="github-hook-url" />
        <CopyRow label={githubUi.secret} value={connected?.secret ?? ''} testId="github-secret" />
        <p className="text-sm font-medium text-amber-800">{githubUi.secretOnce}</p>
        <div className="flex justify-end">
          <Button onClick={onClose}>{githubUi.done}</Button>
        </div>
      </div>
    </Dialog>
  );
}
