import { useEffect, useId, useState, type FormEvent } from 'react';
import { boardUi } from '#src/shared/board-messages.ts';
import { firstIssueMessage } from '#src/shared/contract.ts';
import { AddCommentSchema, COMMENT_MAX, type Comment } from '#src/shared/tasks.ts';
import { taskNotice } from '#src/shared/task-messages.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { boardApi } from './board-api.ts';
import { controlClass } from './control-class.ts';
import { formatMoment } from './format-day.ts';

const byTime = (a: Comment, b: Comment) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

// A comment arrives twice for its author (the answer and the live event): kept once, in time order.
const withComment = (list: Comment[], comment: Comment) =>
  list.some((one) => one.id === comment.id) ? list : [...list, comment].sort(byTime);

// Issue 16: comments on a task, plain text (React escapes it; line breaks kept), with author and time;
// a teammate's comment shows as it is made.
export function TaskComments({
  workspaceId,
  taskId,
  onComment,
}: {
  workspaceId: string;
  taskId: string;
  onComment: (listener: (comment: Comment) => void) => () => void;
}) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    let active = true;
    boardApi.comments(workspaceId, taskId).then(
      (answer) => active && setComments((shown) => (shown ?? []).reduce(withComment, answer.comments)),
      (error: unknown) => active && setProblem(problemText(error, boardUi.commentFailed)),
    );
    const stop = onComment((comment) => {
      if (comment.taskId === taskId) setComments((shown) => withComment(shown ?? [], comment));
    });
    return () => {
      active = false;
      stop();
    };
  }, [workspaceId, taskId, onComment]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AddCommentSchema.safeParse({ body });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setProblem(null);
    setBusy(true);
    try {
      const { comment } = await boardApi.comment(workspaceId, taskId, parsed.data.body);
      setComments((shown) => withComment(shown ?? [], comment));
      setBody('');
    } catch (error) {
      setProblem(problemText(error, boardUi.commentFailed));
    }
    setBusy(false);
  }

  return (
    <section aria-labelledby={`${fieldId}-heading`} className="border-t border-slate-200 pt-4">
      <h3 id={`${fieldId}-heading`} className="text-sm font-semibold text-slate-900">
        {boardUi.comments}
      </h3>
      {comments === null ? null : comments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{boardUi.noComments}</p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="comments">
          {comments.map((comment) => (
            <li key={comment.id} className="flex gap-2.5">
              <Avatar name={comment.author?.name ?? taskNotice.deletedUser} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-600">
                  <span className="font-semibold text-slate-900">{comment.author?.name ?? taskNotice.deletedUser}</span>{' '}
                  <time dateTime={comment.createdAt}>{formatMoment(comment.createdAt)}</time>
                </p>
                <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">{comment.body}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-2">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
          {boardUi.commentLabel}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={COMMENT_MAX}
          className={cn(controlClass, 'block w-full')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy} busyLabel={boardUi.commenting}>
          {boardUi.commentButton}
        </Button>
      </form>
    </section>
  );
}
