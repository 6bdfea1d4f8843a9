import { calendarPaths, type CalendarFeedResponse, type CalendarResponse } from '#src/shared/calendar/paths.ts';
import { taskPaths, type TaskResponse } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// `perDay`: only the first of each day (a month's cells), with every day's count.
export function calendarTasksPath(
  workspaceId: string,
  from: string,
  to: string,
  mine: boolean,
  projectId: string | null,
  perDay: number | null,
) {
  const query = new URLSearchParams({
    from,
    to,
    mine: mine ? '1' : '0',
    ...(projectId ? { project: projectId } : {}),
    ...(perDay ? { perDay: String(perDay) } : {}),
  });
  return `${workspacePath(calendarPaths.calendar, { id: workspaceId })}?${query}`;
}

export const calendarApi = {
  tasks: (workspaceId: string, from: string, to: string, mine: boolean, projectId: string | null, perDay: number | null) =>
    api<CalendarResponse>('GET', calendarTasksPath(workspaceId, from, to, mine, projectId, perDay)),
  // Rescheduling is the task's own edit, with the version shown: a teammate's save since is a 409.
  reschedule: (workspaceId: string, taskId: string, dueDate: string, version: number) =>
    api<TaskResponse>('PUT', workspacePath(taskPaths.task, { id: workspaceId, taskId }), { dueDate, version }),
  feed: () => api<CalendarFeedResponse>('GET', calendarPaths.feed),
  newFeed: () => api<CalendarFeedResponse>('POST', calendarPaths.feed, {}),
};
