import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarResponse, CalendarTask } from '#src/shared/calendar/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { useLiveEvents } from '#src/web/lib/use-live-refresh.ts';
import { calendarApi } from './calendar-api.ts';

export interface CalendarRange {
  workspaceId: string;
  from: string;
  to: string;
  // Only tasks assigned to this person; null for everyone's.
  mineId: string | null;
  // Only tasks of this project; null for all.
  projectId: string | null;
  // Only the first this many of each day (a month's cells), with every day's count; null for all.
  perDay: number | null;
}

const keyOf = (range: CalendarRange) =>
  ['calendar', range.workspaceId, range.from, range.to, range.mineId, range.projectId, range.perDay] as const;

// Whether a task belongs on this view of the calendar.
const belongs = (task: CalendarTask, range: CalendarRange) =>
  task.dueDate >= range.from &&
  task.dueDate <= range.to &&
  (range.mineId === null || task.assigneeId === range.mineId) &&
  (range.projectId === null || task.projectId === range.projectId);

// A task as the board sends it, as a calendar holds it; one with no due date is on no day.
const calendarTaskOf = (task: Task): CalendarTask | null =>
  task.dueDate === null
    ? null
    : {
        id: task.id,
        title: task.title,
        columnId: task.columnId,
        projectId: task.projectId,
        version: task.version,
        dueDate: task.dueDate,
        assigneeId: task.assignee?.id ?? null,
      };

// The view with task `id` now as `task` (gone when null or no longer in the view), each day's count moved
// with it. Only for a task the view holds, or a view that holds every task of its days (a week's).
function withTask(data: CalendarResponse, id: string, task: CalendarTask | null, range: CalendarRange): CalendarResponse {
  const before = data.tasks.find((one) => one.id === id);
  const others = data.tasks.filter((one) => one.id !== id);
  const after = task && belongs(task, range) ? task : null;
  const days = { ...data.days };
  if (before) days[before.dueDate] = (days[before.dueDate] ?? 1) - 1;
  if (after) days[after.dueDate] = (days[after.dueDate] ?? 0) + 1;
  const tasks = after ? [...others, after].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id)) : others;
  return { ...data, tasks, days };
}

// The tasks due in the range, kept live by the workspace's event stream (what a teammate changes shows
// here without a reload), and a reschedule that shows at once and is undone if the server refuses it.
export function useCalendar(range: CalendarRange) {
  const client = useQueryClient();
  const key = keyOf(range);
  const query = useQuery({
    queryKey: key,
    queryFn: () => calendarApi.tasks(range.workspaceId, range.from, range.to, range.mineId !== null, range.projectId, range.perDay),
  });

  // The latest range is read when an event arrives (useLiveEvents keeps the latest handler). A month,
  // which holds only the first tasks of each day, is read again: a change may bring a task it does not
  // hold into view, or take one out.
  useLiveEvents(range.workspaceId, (event) => {
    if (event.type !== 'task.created' && event.type !== 'task.updated' && event.type !== 'task.deleted') return;
    if (range.perDay !== null) void client.invalidateQueries({ queryKey: key });
    else {
      const task = event.type === 'task.deleted' ? null : calendarTaskOf(event.task);
      client.setQueryData<CalendarResponse>(key, (data) => (data ? withTask(data, event.task.id, task, range) : data));
    }
    // Other ranges read again when shown.
    void client.invalidateQueries({ queryKey: ['calendar', range.workspaceId], refetchType: 'none' });
  });

  const reschedule = useMutation({
    mutationFn: ({ task, day }: { task: CalendarTask; day: string }) =>
      calendarApi.reschedule(range.workspaceId, task.id, day, task.version),
    onMutate: async ({ task, day }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<CalendarResponse>(key, (data) => (data ? withTask(data, task.id, { ...task, dueDate: day }, range) : data));
    },
    onSuccess: (answer, { task }) =>
      client.setQueryData<CalendarResponse>(key, (data) => (data ? withTask(data, task.id, calendarTaskOf(answer.task), range) : data)),
    onError: (_error, { task }) => {
      client.setQueryData<CalendarResponse>(key, (data) => (data ? withTask(data, task.id, task, range) : data));
      // A conflict means someone saved since: read the current state.
      void client.invalidateQueries({ queryKey: key });
    },
  });

  return { query, reschedule };
}
