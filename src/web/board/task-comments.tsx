import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { AddCommentSchema } from '#src/shared/tasks/schemas.ts';
import type { Comment } from '#src/shared/tasks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { boardApi, boardKeys } from './board-api.ts';
import { CommentField } from './comment-field.tsx';
import { withComment } from './comment-list.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { CommentItem } from './comment-item.tsx';
import { mentionCandidates, useMembers } from './use-members.ts';

// Comments on a task, oldest first; a teammate's comment, edit or deletion shows as it is made.
// On a task shared with its client, a comment can be marked for the client (the portal shows only those).
export function TaskComments({
  workspaceId,
  taskId,
  canShareWithClient,
}: {
  workspaceId: string;
  taskId: string;
  canShareWithClient: boolean;
}) {
  const client = useQueryClient();
  const { user } = useSession();
  const { members, list } = useMembers(workspaceId);
  const candidates = mentionCandidates(list);
  const myRole = user ? members.get(user.id)?.role : undefined;
  const nameOf = (id: string) => members.get(id)?.name;
  const key = boardKeys.comments(workspaceId, taskId);
  // A teammate's comment reaches this list from the board's live stream (useBoard).
  const query = useQuery({ queryKey: key, queryFn: () => boardApi.comments(workspaceId, taskId).then((answer) => answer.comments) });
  const comments = query.data ?? null;
  const fieldId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: AddCommentSchema,
    defaultValues: { body: '', forClient: false },
    fallback: boardUi.commentFailed,
    onSubmit: async ({ body, forClient }) => {
      const { comment } = await boardApi.comment(workspaceId, taskId, { body, forClient: canShareWithClient && forClient === true });
      client.setQueryData<Comment[]>(key, (shown) => withComment(shown ?? [], comment));
      form.reset();
    },
  });
  const loadProblem = query.error ? problemText(query.error, boardUi.commentFailed) : null;

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
            <CommentItem
              key={comment.id}
              workspaceId={workspaceId}
              comment={comment}
              nameOf={nameOf}
              candidates={candidates}
              canEdit={comment.author?.id === user?.id}
              canDelete={comment.author?.id === user?.id || myRole === 'owner'}
            />
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-2">
        {problem || loadProblem ? <Alert tone="error">{problem ?? loadProblem}</Alert> : null}
        <CommentField label={boardUi.commentLabel} error={errorOf('body')} members={candidates} {...form.register('body')} />
        {canShareWithClient ? (
          <div className="flex items-start gap-2">
            <input
              id={`${fieldId}-for-client`}
              type="checkbox"
              aria-describedby={`${fieldId}-for-client-hint`}
              className="mt-0.5 size-4 accent-accent-600"
              {...form.register('forClient')}
            />
            <div>
              <label htmlFor={`${fieldId}-for-client`} className="text-sm font-medium text-slate-700">
                {boardUi.forClientLabel}
              </label>
              <p id={`${fieldId}-for-client-hint`} className="text-xs text-slate-600">
                {boardUi.forClientHint}
              </p>
            </div>
          </div>
        ) : null}
        <Button type="submit" variant="secondary" busy={busy} busyLabel={boardUi.commenting}>
          {boardUi.commentButton}
        </Button>
      </form>
    </section>
  );
}
