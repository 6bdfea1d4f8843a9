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
}

const keyOf = (range: CalendarRange) => ['calendar', range.workspaceId, range.from, range.to, range.mineId, range.projectId] as const;

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

// The view with task `id` now as `task` (gone when null or no longer in the view).
function withTask(data: CalendarResponse, id: string, task: CalendarTask | null, range: CalendarRange): CalendarResponse {
  const others = data.tasks.filter((one) => one.id !== id);
  const tasks =
    task && belongs(task, range)
      ? [...others, task].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id))
      : others;
  return { ...data, tasks };
}

// The tasks due in the range, kept live by the workspace's event stream (what a teammate changes shows
// here without a reload), and a reschedule that shows at once and is undone if the server refuses it.
export function useCalendar(range: CalendarRange) {
  const client = useQueryClient();
  const key = keyOf(range);
  const query = useQuery({
    queryKey: key,
    queryFn: () => calendarApi.tasks(range.workspaceId, range.from, range.to, range.mineId !== null, range.projectId),
  });

  // The latest range is read when an event arrives (useLiveEvents keeps the latest handler).
  useLiveEvents(range.workspaceId, (event) => {
    if (event.type === 'task.created' || event.type === 'task.updated') {
      client.setQueryData<CalendarResponse>(key, (data) =>
        data ? withTask(data, event.task.id, calendarTaskOf(event.task), range) : data,
      );
    } else if (event.type === 'task.deleted') {
      client.setQueryData<CalendarResponse>(key, (data) =>
        data ? { ...data, tasks: data.tasks.filter((one) => one.id !== event.task.id) } : data,
      );
    } else return;
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
