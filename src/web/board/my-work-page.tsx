import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { HomeComment, HomeTask, InboxItem } from '#src/shared/tasks/paths.ts';
import { taskNotice } from '#src/shared/tasks/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Link } from '#src/web/routing/links.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { boardApi, boardKeys } from './board-api.ts';
import { formatDateTime, formatDay } from '#src/web/lib/format-time.ts';

type View = keyof typeof boardUi.views;
const VIEWS = Object.keys(boardUi.views) as View[];
type ListView = Exclude<View, 'inbox'>;

const load: Record<ListView, () => Promise<InboxItem[]>> = {
  tasks: () => boardApi.myTasks().then((answer) => answer.tasks.map((task) => ({ kind: 'task', at: task.updatedAt, task }))),
  comments: () =>
    boardApi.myComments().then((answer) => answer.comments.map((comment) => ({ kind: 'comment', at: comment.createdAt, comment }))),
};

const empty: Record<ListView, string> = { tasks: boardUi.noMyTasks, comments: boardUi.noAssignedComments };

// A task opens on the board of its own workspace, which becomes the current one.
const taskLink = (workspaceId: string, taskId: string) =>
  `/board?${new URLSearchParams({ workspace: workspaceId, task: taskId }).toString()}`;

function TaskRow({ task }: { task: HomeTask }) {
  return (
    <>
      <Link to={taskLink(task.workspaceId, task.id)} className="font-medium text-slate-900 hover:text-accent-700">
        {task.title}
      </Link>
      <p className="text-xs text-slate-600">
        {boardUi.inWorkspace(task.workspaceName)} · {boardUi.priorityLabel(boardUi.priorityNames[task.priority])}
        {task.dueDate ? ` · ${boardUi.due(formatDay(task.dueDate))}` : ''}
      </p>
    </>
  );
}

function CommentRow({ comment }: { comment: HomeComment }) {
  return (
    <>
      <Link to={taskLink(comment.workspaceId, comment.taskId)} className="font-medium text-slate-900 hover:text-accent-700">
        {boardUi.commentOn(comment.author?.name ?? taskNotice.deletedUser, comment.taskTitle)}
      </Link>
      <p className="mt-0.5 line-clamp-2 text-sm break-words whitespace-pre-wrap text-slate-700">{comment.body}</p>
      <p className="text-xs text-slate-600">
        {boardUi.inWorkspace(comment.workspaceName)} · <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
      </p>
    </>
  );
}

// Product rules TB1: the Home panel's Inbox, Assigned Comments and My Tasks, across all my workspaces.
// The Inbox is my notifications, drawn by that feature (the app layer passes it in).
export function MyWorkPage({ inbox }: { inbox: ReactNode }) {
  const [params] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'inbox';
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{boardUi.myWorkTitle}</h1>
      <p className="mt-1 text-sm text-slate-600">{boardUi.myWorkLead}</p>
      <nav aria-label={boardUi.myWorkTitle} className="mt-4 flex gap-1 border-b border-slate-200">
        {VIEWS.map((one) => (
          <Link
            key={one}
            to={`/my-work?view=${one}`}
            aria-current={one === view ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              one === view ? 'border-accent-600 text-accent-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {boardUi.views[one]}
          </Link>
        ))}
      </nav>
      <h2 className="sr-only">{boardUi.views[view]}</h2>
      <div className="mt-4">{view === 'inbox' ? inbox : <MyWorkList view={view} />}</div>
    </div>
  );
}

function MyWorkList({ view }: { view: ListView }) {
  // Each view is its own read; another view's shows as loading until its own arrives.
  const query = useQuery({ queryKey: boardKeys.myWorkView(view), queryFn: load[view] });
  const list = query.data ?? null;
  const problem = query.error ? problemText(query.error, boardUi.myWorkFailed) : null;
  return problem ? (
    <Alert tone="error">{problem}</Alert>
  ) : !list ? (
    <GenericLoader text={boardUi.myWorkLoading} />
  ) : list.length === 0 ? (
    <p className="text-sm text-slate-600">{empty[view]}</p>
  ) : (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" data-testid="my-work">
      {list.map((item) => (
        <li key={item.kind === 'task' ? `t-${item.task.id}` : `c-${item.comment.id}`} className="px-4 py-3">
          {item.kind === 'task' ? <TaskRow task={item.task} /> : <CommentRow comment={item.comment} />}
        </li>
      ))}
    </ul>
  );
}
