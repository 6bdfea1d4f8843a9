import { englishNumber } from '#src/shared/english-number.ts';
// The words of tasks, the board and its live updates (product rules T): kept apart from
// messages.ts, which every page's first load carries, so the landing page does not download them.

// What the task endpoints answer.
export const taskError = {
  // Outside the caller's workspace, or deleted: "not found", never "forbidden" (product rules W6, T1).
  taskNotFound: 'Task not found.',
  columnNotFound: 'Column not found.',
  anchorNotFound: 'The card to place it after is no longer in that column. Reload the board and try again.',
  assigneeNotMember: 'The assignee must be a member of this workspace.',
  projectNotFound: 'That project is not in this workspace.',
  conflict: 'Someone else changed this task since you opened it. Reload it to see their changes, then make yours again.',
  notDeleted: 'This task is not deleted.',
  columnNotEmpty: 'This column still has tasks. Move or delete them first, then remove the column.',
  lastColumn: 'A board needs at least one column.',
  tooManyColumns: (max: number) => `A board can have at most ${max} columns.`,
  commentNotFound: 'Comment not found.',
  notYourComment: 'Only its author can edit a comment; its author or an owner can delete it.',
  ownerOnlyColumns: 'Only an owner of this workspace can change its columns.',
  badCursor: 'That page cursor is not valid. Start again from the first page.',
  badLastEventId: 'Last-Event-ID must be an event id.',
  // Deleted tasks stay stored (they can be restored), so they count too.
  taskQuota: (max: number) =>
    `This workspace has reached its limit of ${englishNumber(max)} tasks, deleted ones included. Ask your Tessera administrator for more room.`,
  commentQuota: (max: number) =>
    `This workspace has reached its limit of ${englishNumber(max)} comments. Ask your Tessera administrator for more room.`,
  textQuota: (maxChars: number) =>
    `This workspace has reached its limit of ${englishNumber(maxChars / 1_000_000)} million characters of text. Ask your Tessera administrator for more room.`,
  ownerOnlyPrefix: 'Only an owner of this workspace can change its task keys.',
  tooManyStreams: 'Too many live connections are open for your account. Close some tabs and try again.',
} as const;

export const taskNotice = {
  deleted: 'Task deleted.',
  columnRemoved: 'Column removed.',
  commentDeleted: 'Comment deleted.',
  // The author of a task or comment whose account was deleted.
  deletedUser: 'Deleted user',
} as const;
