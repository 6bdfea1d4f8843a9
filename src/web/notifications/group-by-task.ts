import type { NotificationItem } from '#src/shared/notifications/paths.ts';

export interface NotificationGroup {
  key: string;
  // The newest notification of the group: what the bell shows.
  latest: NotificationItem;
  // The group's notifications, newest first (the latest among them).
  items: NotificationItem[];
  unreadIds: string[];
}

// The bell's list, one entry per task: the notifications of a task gather under its newest one, and the
// groups keep the order of their newest (the list arrives newest first). A notification about no task
// (an invitation accepted, a role changed) stands alone.
export function groupByTask(items: NotificationItem[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const item of items) {
    const key = item.task ? `task:${item.workspaceId}:${item.task.id}` : `item:${item.id}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, latest: item, items: [item], unreadIds: [] });
    if (!item.read) groups.get(key)!.unreadIds.push(item.id);
  }
  return [...groups.values()];
}
