import { notificationCopy, notificationSentence } from '#src/shared/notifications/messages.ts';
import type { NotificationItem } from '#src/shared/notifications/paths.ts';

// What one notification says, in the bell and the inbox.
export const sentenceOf = (item: NotificationItem) =>
  notificationSentence(item.kind, item.actor?.name ?? notificationCopy.someone, item.task?.title ?? '', item.detail, item.workspaceName);

// Where opening it goes: the task on its own workspace's board, else that workspace's board.
export const addressOf = (item: NotificationItem) =>
  `/board?${new URLSearchParams(item.task ? { workspace: item.workspaceId, task: item.task.id } : { workspace: item.workspaceId })}`;
