import { notificationCopy, notificationSentence } from '#src/shared/notifications/messages.ts';
import { linkInWorkspace, type NotificationItem } from '#src/shared/notifications/paths.ts';

// What one notification says, in the bell and the inbox.
export const sentenceOf = (item: NotificationItem) =>
  notificationSentence(item.kind, item.actor?.name ?? notificationCopy.someone, item.task?.title ?? '', item.detail, item.workspaceName);

// Where opening it goes, in its own workspace: where it happened (a channel, a page), else the task on
// the board, else the board.
export const addressOf = (item: NotificationItem) =>
  item.link
    ? linkInWorkspace(item.link, item.workspaceId)
    : `/board?${new URLSearchParams(item.task ? { workspace: item.workspaceId, task: item.task.id } : { workspace: item.workspaceId })}`;
