import { useQuery } from '@tanstack/react-query';
import { GitCommitHorizontal, GitPullRequest } from 'lucide-react';
import { githubUi } from '#src/shared/github/messages.ts';
import type { GithubLinkState } from '#src/shared/github/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { cn } from '#src/web/ui/cn.ts';
import { boardApi, boardKeys } from './board-api.ts';

const stateLook: Record<GithubLinkState, string> = {
  pushed: 'bg-slate-100 text-slate-700',
  open: 'bg-green-50 text-green-800',
  draft: 'bg-slate-100 text-slate-700',
  merged: 'bg-violet-50 text-violet-800',
  closed: 'bg-red-50 text-red-800',
};

// The commits and pull requests that named this task, with their state; nothing at all when none did.
export function TaskLinks({ workspaceId, task }: { workspaceId: string; task: Task }) {
  const links = useQuery({
    queryKey: boardKeys.links(workspaceId, task.id, task.updatedAt),
    queryFn: () => boardApi.links(workspaceId, task.id),
  });
  if (links.error) return <p className="text-sm text-red-700">{problemText(links.error, githubUi.linksFailed)}</p>;
  if (!links.data || links.data.links.length === 0) return null;
  return (
    <section aria-label={githubUi.linksTitle} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{githubUi.linksTitle}</h3>
      <ul className="space-y-1.5" data-testid="task-links">
        {links.data.links.map((link) => {
          const Icon = link.kind === 'commit' ? GitCommitHorizontal : GitPullRequest;
          return (
            <li key={link.id} className="flex items-center gap-2 text-sm">
              <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <a href={link.url} target="_blank" rel="noreferrer noopener" className="min-w-0 truncate text-accent-700 hover:underline">
                <span className="font-mono text-xs text-slate-600">{link.kind === 'commit' ? link.ref : `#${link.ref}`}</span> {link.title}
              </a>
              <span className={cn('ml-auto shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', stateLook[link.state])}>
                {githubUi.linkState[link.state]}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
