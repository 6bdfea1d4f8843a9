import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { taskNotice } from '#src/shared/tasks/messages.ts';
import type { Comment } from '#src/shared/tasks/paths.ts';
import { EditCommentSchema } from '#src/shared/tasks/schemas.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { boardApi, boardKeys } from './board-api.ts';
import { CommentField } from './comment-field.tsx';
import { withEdited, withoutComment } from './comment-list.ts';

const textAction = 'text-xs font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline';

// One comment: its author, when, Markdown shown safely with mentions by name, "edited" once changed;
// its author edits or deletes it in place, an owner may delete it.
export function CommentItem({
  workspaceId,
  comment,
  nameOf,
  candidates,
  canEdit,
  canDelete,
}: {
  workspaceId: string;
  comment: Comment;
  nameOf: (id: string) => string | undefined;
  // Who the edit box's `@` picker offers.
  candidates: MentionCandidate[];
  canEdit: boolean;
  canDelete: boolean;
}) {
  const client = useQueryClient();
  const key = boardKeys.comments(workspaceId, comment.taskId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = comment.author?.name ?? taskNotice.deletedUser;
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: EditCommentSchema,
    defaultValues: { body: comment.body },
    fallback: boardUi.commentChangeFailed,
    onSubmit: async ({ body }) => {
      const answer = await boardApi.editComment(workspaceId, comment.taskId, comment.id, body);
      client.setQueryData<Comment[]>(key, (shown) => withEdited(shown ?? [], answer.comment));
      setEditing(false);
    },
  });

  return (
    <li className="flex gap-2.5">
      <Avatar name={author} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-900">{author}</span>{' '}
          <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
          {comment.editedAt ? (
            <span title={formatDateTime(comment.editedAt)} data-testid="comment-edited">
              {' '}
              · {boardUi.edited}
            </span>
          ) : null}
          {comment.forClient ? (
            <span className="ml-1.5 rounded-sm bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900">
              {boardUi.forClientBadge}
            </span>
          ) : null}
        </p>
        {editing ? (
          <form onSubmit={submit} noValidate className="mt-1 space-y-2">
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <CommentField
              label={boardUi.editCommentLabel}
              labelHidden
              error={errorOf('body')}
              members={candidates}
              {...form.register('body')}
            />
            <div className="flex gap-2">
              <Button type="submit" variant="secondary" busy={busy} busyLabel={boardUi.savingComment}>
                {boardUi.saveComment}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  form.reset({ body: comment.body });
                  setEditing(false);
                }}
              >
                {boardUi.cancelEdit}
              </Button>
            </div>
          </form>
        ) : (
          <div className="mt-0.5">
            <MarkdownText source={renderMentions(comment.body, nameOf)} />
          </div>
        )}
        {!editing && (canEdit || canDelete) ? (
          <p className="mt-1 flex gap-3">
            {canEdit ? (
              <button
                type="button"
                className={textAction}
                aria-label={`${boardUi.editComment} comment by ${author}`}
                onClick={() => {
                  form.reset({ body: comment.body });
                  setEditing(true);
                }}
              >
                {boardUi.editComment}
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className={textAction}
                aria-label={`${boardUi.deleteComment} comment by ${author}`}
                onClick={() => setConfirming(true)}
              >
                {boardUi.deleteComment}
              </button>
            ) : null}
          </p>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={boardUi.deleteCommentTitle}
          description={boardUi.deleteCommentLead}
          confirmLabel={boardUi.deleteComment}
          busyLabel={boardUi.deletingComment}
          fallback={boardUi.commentChangeFailed}
          onConfirm={async () => {
            await boardApi.deleteComment(workspaceId, comment.taskId, comment.id);
            client.setQueryData<Comment[]>(key, (shown) => withoutComment(shown ?? [], comment.id));
            setConfirming(false);
          }}
        />
      </div>
    </li>
  );
}
