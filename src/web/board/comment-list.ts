import type { Comment } from '#src/shared/tasks/paths.ts';

const byTime = (a: Comment, b: Comment) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

// A comment arrives twice for its author (the answer and the live event): kept once, in time order.
export const withComment = (list: Comment[], comment: Comment) =>
  list.some((one) => one.id === comment.id) ? list : [...list, comment].sort(byTime);

// An edit replaces the comment where it stands; a deletion takes it out.
export const withEdited = (list: Comment[], comment: Comment) => list.map((one) => (one.id === comment.id ? comment : one));
export const withoutComment = (list: Comment[], commentId: string) => list.filter((one) => one.id !== commentId);

// The list after one live comment event.
export function afterCommentEvent(
  list: Comment[],
  event: { type: 'comment.added' | 'comment.updated' | 'comment.deleted'; comment: Comment },
): Comment[] {
  if (event.type === 'comment.added') return withComment(list, event.comment);
  if (event.type === 'comment.updated') return withEdited(list, event.comment);
  return withoutComment(list, event.comment.id);
}
