import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { docsText } from '#src/shared/docs/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Link } from '#src/web/routing/links.tsx';
import { boardApi, boardKeys } from './board-api.ts';

// The docs pages that mention this task with a chip, each opening the page; nothing at all when none does.
export function TaskPages({ workspaceId, taskId }: { workspaceId: string; taskId: string }) {
  const pages = useQuery({
    queryKey: boardKeys.pages(workspaceId, taskId),
    queryFn: () => boardApi.pages(workspaceId, taskId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (pages.error) return <p className="text-sm text-red-700">{problemText(pages.error, docsText.taskPagesFailed)}</p>;
  if (!pages.data || pages.data.pages.length === 0) return null;
  return (
    <section aria-label={docsText.taskPagesTitle} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{docsText.taskPagesTitle}</h3>
      <ul className="space-y-1.5" data-testid="task-pages">
        {pages.data.pages.map((page) => (
          <li key={page.id} className="text-sm">
            <Link to={`/pages/${page.id}`} className="flex min-w-0 items-center gap-2 text-accent-700 hover:underline">
              {page.icon ? (
                <span aria-hidden="true" className="shrink-0">
                  {page.icon}
                </span>
              ) : (
                <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              )}
              <span className="truncate">{page.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
