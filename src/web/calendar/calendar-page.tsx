import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { calendarCopy } from '#src/shared/calendar/messages.ts';
import type { CalendarTask } from '#src/shared/calendar/paths.ts';
import { formatDay } from '#src/web/lib/format-time.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { ON_DEMAND_WIDTH, ProjectOptions, useOptionsOnDemand } from '#src/web/ui/project-options.tsx';
import { useProjects } from '#src/web/lib/use-projects.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { calendarAddress, perDayOf } from './calendar-address.ts';
import { localToday, rangeTitle, shift, visibleDays } from './calendar-days.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import { FeedPanel } from './feed-panel.tsx';
import { useCalendar } from './use-calendar.ts';

const segment = 'rounded-control px-3 py-1.5 text-sm font-medium';
const NO_DAYS: Record<string, number> = {};
const segmentClass = (on: boolean) => cn(segment, on ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100');

// The Calendar page (spec 2) shows the current workspace's tasks by due date, in the view, day and
// filters its address names (calendar-address.ts).
export default function CalendarPage() {
  const { status, current } = useWorkspaces();
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {calendarCopy.title}
        {current ? <span className="ml-2 text-base font-medium text-slate-600">{current.name}</span> : null}
      </h1>
      {status === 'loading' ? (
        <GenericLoader />
      ) : current ? (
        <WorkspaceCalendar key={current.id} workspaceId={current.id} />
      ) : (
        <p className="text-sm text-slate-600">{calendarCopy.noWorkspace}</p>
      )}
      <FeedPanel />
    </div>
  );
}

function WorkspaceCalendar({ workspaceId }: { workspaceId: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const { view, anchor, mine, projectId } = useMemo(() => calendarAddress(params, today), [params, today]);
  const projectFieldId = useId();
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const [announcement, setAnnouncement] = useState('');

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true });
  };

  const range = { workspaceId, from: days[0]!, to: days.at(-1)!, mineId: mine ? user!.id : null, projectId, perDay: perDayOf(view) };
  const { query, reschedule } = useCalendar(range);
  // The project filter's list (a workspace may have thousands) is asked once the days' tasks are in, so
  // it does not hold them up; at once when the address names a project, which the filter then shows.
  const projects = useProjects(workspaceId, !query.isPending || projectId !== null);
  const projectChoices = useOptionsOnDemand(projectId ?? '');
  const doneColumnId = query.data?.doneColumnId ?? null;
  const tasksByDay = useMemo(() => {
    const byDay = new Map<string, CalendarTask[]>();
    for (const task of query.data?.tasks ?? []) {
      const day = byDay.get(task.dueDate);
      if (day) day.push(task);
      else byDay.set(task.dueDate, [task]);
    }
    return byDay;
  }, [query.data]);

  const onReschedule = (task: CalendarTask, day: string) => {
    setAnnouncement(calendarCopy.moved(task.title, formatDay(day)));
    reschedule.mutate(
      { task, day },
      {
        onError: (error) => {
          const text = calendarCopy.moveFailed(task.title, problemText(error, calendarCopy.loadFailed));
          setAnnouncement(text);
          notify.error(text);
        },
      },
    );
  };

  const viewName = view === 'month' ? calendarCopy.month : calendarCopy.week;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="flex rounded-control border border-slate-200 bg-white p-0.5">
          {(['month', 'week'] as const).map((one) => (
            <button
              key={one}
              type="button"
              aria-pressed={view === one}
              className={segmentClass(view === one)}
              onClick={() => set({ view: one === 'month' ? null : one })}
            >
              {one === 'month' ? calendarCopy.month : calendarCopy.week}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            className="size-9 p-0"
            aria-label={calendarCopy.previous(viewName)}
            onClick={() => set({ date: shift(view, anchor, -1) })}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => set({ date: null })}>
            {calendarCopy.today}
          </Button>
          <Button
            variant="ghost"
            className="size-9 p-0"
            aria-label={calendarCopy.next(viewName)}
            onClick={() => set({ date: shift(view, anchor, 1) })}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {rangeTitle(view, anchor)}
        </h2>
        <div role="group" aria-label={calendarCopy.show} className="ml-auto flex rounded-control border border-slate-200 bg-white p-0.5">
          <button type="button" aria-pressed={!mine} className={segmentClass(!mine)} onClick={() => set({ show: null })}>
            {calendarCopy.everyone}
          </button>
          <button type="button" aria-pressed={mine} className={segmentClass(mine)} onClick={() => set({ show: 'mine' })}>
            {calendarCopy.mine}
          </button>
        </div>
        {projects.list.length > 0 || projectId ? (
          <div className="flex items-center gap-2">
            <label htmlFor={projectFieldId} className="text-sm font-medium text-slate-700">
              {calendarCopy.project}
            </label>
            <select
              id={projectFieldId}
              className={cn(controlClass, ON_DEMAND_WIDTH)}
              value={projectId ?? ''}
              onChange={(event) => set({ project: event.target.value || null })}
              {...projectChoices.selectProps}
            >
              <option value="">{calendarCopy.allProjects}</option>
              <ProjectOptions groups={projects.groups} offers={projectChoices.offers} />
            </select>
          </div>
        ) : null}
      </div>
      <p id="calendar-keyboard-help" className="text-xs text-slate-600">
        {calendarCopy.keyboardHelp}
      </p>
      {query.isError ? (
        <RetryAlert retryLabel={calendarCopy.tryAgain} onRetry={() => void query.refetch()}>
          {problemText(query.error, calendarCopy.loadFailed)}
        </RetryAlert>
      ) : null}
      {query.isPending ? (
        <GenericLoader />
      ) : (
        <div className="overflow-x-auto">
          <div className={view === 'month' ? 'min-w-[640px]' : undefined}>
            <CalendarGrid
              view={view}
              days={days}
              month={anchor.slice(0, 7)}
              today={today}
              tasksByDay={tasksByDay}
              dayTotals={query.data?.days ?? NO_DAYS}
              isOverdue={(task) => task.dueDate < today && task.columnId !== doneColumnId}
              onOpen={(task) => void navigate(`/board?${new URLSearchParams({ workspace: workspaceId, task: task.id })}`)}
              onReschedule={onReschedule}
              onShowWeek={(day) => set({ view: 'week', date: day })}
              announce={setAnnouncement}
            />
          </div>
        </div>
      )}
      {query.data && query.data.tasks.length === 0 ? (
        <p className="text-sm text-slate-600">{projectId ? calendarCopy.emptyProject : calendarCopy.empty}</p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
