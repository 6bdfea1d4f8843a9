import { useEffect } from 'react';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { problemText } from './api-client.ts';
import { useWorkspaces } from './workspaces.tsx';

// A link into another of my workspaces (`?workspace=<id>&…`: a task from My work, a page from search):
// that one becomes the current workspace, then the page opens what the rest of the address names.
export function useWorkspaceFromAddress(failed: string) {
  const { status, current, workspaces, switchTo } = useWorkspaces();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('workspace');
  useEffect(() => {
    if (status !== 'ready' || !wanted) return;
    const next = new URLSearchParams(params);
    next.delete('workspace');
    const known = workspaces.some((one) => one.id === wanted);
    const switching = known && current?.id !== wanted ? switchTo(wanted) : Promise.resolve();
    switching.then(
      () => setParams(next, { replace: true }),
      (failure: unknown) => notify.error(problemText(failure, failed)),
    );
  }, [status, wanted, current, workspaces, switchTo, params, setParams, failed]);
}
