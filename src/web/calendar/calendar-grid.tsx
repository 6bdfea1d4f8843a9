import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { calendarCopy } from '#src/shared/calendar/messages.ts';
import type { CalendarTask } from '#src/shared/calendar/paths.ts';
import { cn } from '#src/web/ui/cn.ts';
import { MONTH_CELL_TASKS } from './calendar-address.ts';
import { addDays, dayName, weekdayNames, type CalendarView } from './calendar-days.ts';

export interface GridProps {
  view: CalendarView;
  days: string[];
  // The month shown (days of other months are dimmed), e.g. '2026-03'.
  month: string;
  today: string;
  tasksByDay: Map<string, CalendarTask[]>;
  // How many tasks each day has: a month reads only the few its cells show.
  dayTotals: Record<string, number>;
  isOverdue: (task: CalendarTask) => boolean;
  onOpen: (task: CalendarTask) => void;
  onReschedule: (task: CalendarTask, day: string) => void;
  onShowWeek: (day: string) => void;
  announce: (text: string) => void;
}

function TaskChip({
  task,
  overdue,
  tabbable,
  held,
  onOpen,
  onPickUp,
}: {
  task: CalendarTask;
  overdue: boolean;
  tabbable: boolean;
  held: boolean;
  onOpen: () => void;
  onPickUp: () => void;
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: task.id, data: { task } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...listeners}
      tabIndex={tabbable ? 0 : -1}
      data-task-id={task.id}
      aria-label={calendarCopy.taskLabel(task.title, overdue)}
      aria-describedby="calendar-keyboard-help"
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'm' || event.key === 'M') {
          event.preventDefault();
          event.stopPropagation();
          onPickUp();
        }
      }}
      className={cn(
        'flex w-full min-w-0 touch-none items-center gap-1 rounded-sm border px-1.5 py-0.5 text-left text-xs font-medium',
        overdue ? 'border-red-300 bg-red-50 text-red-800' : 'border-accent-200 bg-accent-50 text-slate-800',
        (isDragging || held) && 'opacity-50 ring-2 ring-accent-600',
      )}
    >
      {overdue ? <AlertTriangle className="size-3 shrink-0" aria-hidden="true" /> : null}
      <span className="truncate">{task.title}</span>
    </button>
  );
}

function DayCell({
  day,
  props,
  active,
  dropTarget,
  heldId,
  cellRef,
  onFocusDay,
  onKeyDown,
  onPickUp,
}: {
  day: string;
  props: GridProps;
  active: boolean;
  dropTarget: boolean;
  heldId: string | null;
  cellRef: (element: HTMLDivElement | null) => void;
  onFocusDay: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onPickUp: (task: CalendarTask) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const tasks = props.tasksByDay.get(day) ?? [];
  const shown = props.view === 'month' ? tasks.slice(0, MONTH_CELL_TASKS) : tasks;
  const total = Math.max(props.dayTotals[day] ?? 0, tasks.length);
  const hidden = total - shown.length;
  const outside = props.view === 'month' && !day.startsWith(props.month);
  return (
    <div
      ref={(element) => {
        setNodeRef(element);
        cellRef(element);
      }}
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-label={calendarCopy.dayLabel(dayName(day), total)}
      aria-current={day === props.today ? 'date' : undefined}
      aria-selected={active}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusDay();
      }}
      onKeyDown={onKeyDown}
      className={cn(
        'flex min-w-0 flex-col gap-1 border-t border-l border-slate-200 p-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:ring-inset',
        props.view === 'month' ? 'min-h-24' : 'min-h-16 sm:min-h-64',
        outside ? 'bg-slate-50' : 'bg-white',
        (isOver || dropTarget) && 'bg-accent-50 ring-2 ring-accent-600 ring-inset',
      )}
    >
      <span
        className={cn(
          'self-end px-1 text-xs',
          day === props.today ? 'rounded-full bg-accent-600 font-bold text-white' : outside ? 'text-slate-500' : 'text-slate-700',
        )}
        aria-hidden="true"
      >
        {props.view === 'week' ? <span className="mr-1 sm:hidden">{weekdayNames([day])[0]!.short}</span> : null}
        {Number(day.slice(8))}
      </span>
      {shown.map((task) => (
        <TaskChip
          key={task.id}
          task={task}
          overdue={props.isOverdue(task)}
          tabbable={active}
          held={heldId === task.id}
          onOpen={() => props.onOpen(task)}
          onPickUp={() => onPickUp(task)}
        />
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          tabIndex={active ? 0 : -1}
          onClick={() => props.onShowWeek(day)}
          className="self-start rounded-sm px-1 text-xs font-medium text-accent-700 underline hover:text-accent-800"
        >
          +{hidden} more
        </button>
      ) : null}
    </div>
  );
}

// A grid of days (month or week) whose tasks can be dragged to another day, or moved with the
// keyboard alone: arrows move between days; M on a task picks it up, arrows choose the day, Enter drops
// it there, Escape puts it back.
export function CalendarGrid(props: GridProps) {
  const { days } = props;
  const [activeDay, setActiveDay] = useState(() => (days.includes(props.today) ? props.today : days[0]!));
  const [held, setHeld] = useState<{ task: CalendarTask; day: string } | null>(null);
  const [dragged, setDragged] = useState<CalendarTask | null>(null);
  const cells = useRef(new Map<string, HTMLDivElement>());
  const focusWanted = useRef(false);
  const current = days.includes(activeDay) ? activeDay : days.includes(props.today) ? props.today : days[0]!;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    cells.current.get(current)?.focus();
  }, [current]);

  const moveTo = (day: string) => {
    if (!days.includes(day)) return;
    focusWanted.current = true;
    setActiveDay(day);
    if (held) setHeld({ ...held, day });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    const onCell = event.target === event.currentTarget;
    if (step !== undefined && (onCell || held)) {
      event.preventDefault();
      moveTo(addDays(current, step));
    } else if (held && event.key === 'Enter') {
      event.preventDefault();
      const { task, day } = held;
      setHeld(null);
      if (day !== task.dueDate) props.onReschedule(task, day);
      else props.announce(calendarCopy.cancelled(task.title));
    } else if (held && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.announce(calendarCopy.cancelled(held.task.title));
      setHeld(null);
    }
  };

  const pickUp = (task: CalendarTask) => {
    setHeld({ task, day: task.dueDate });
    props.announce(calendarCopy.pickedUp(task.title));
    focusWanted.current = true;
    setActiveDay(task.dueDate);
    cells.current.get(task.dueDate)?.focus();
  };

  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const task = event.active.data.current?.task as CalendarTask | undefined;
    const day = event.over?.id;
    if (task && typeof day === 'string' && day !== task.dueDate) props.onReschedule(task, day);
  };

  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <DndContext
      sensors={sensors}
      onDragStart={(event) => setDragged((event.active.data.current?.task as CalendarTask | undefined) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: () => undefined,
          onDragOver: () => undefined,
          onDragEnd: () => undefined,
          onDragCancel: () => undefined,
        },
      }}
    >
      <div
        role="grid"
        aria-label={calendarCopy.title}
        aria-describedby="calendar-keyboard-help"
        className="overflow-hidden rounded-card border-r border-b border-slate-200"
      >
        {/* A phone shows the week as a list of days, each naming its weekday. */}
        <div role="row" className={cn('grid-cols-7', props.view === 'week' ? 'hidden sm:grid' : 'grid')}>
          {weekdayNames(days).map((name) => (
            <div
              key={name.long}
              role="columnheader"
              aria-label={name.long}
              className="border-t border-l border-slate-200 bg-slate-50 px-1 py-1.5 text-center text-xs font-semibold text-slate-700"
            >
              {name.short}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className={cn('grid', props.view === 'week' ? 'grid-cols-1 sm:grid-cols-7' : 'grid-cols-7')}>
            {week.map((day) => (
              <DayCell
                key={day}
                day={day}
                props={props}
                active={day === current}
                dropTarget={held?.day === day}
                heldId={held?.task.id ?? null}
                cellRef={(element) => {
                  if (element) cells.current.set(day, element);
                  else cells.current.delete(day);
                }}
                onFocusDay={() => setActiveDay(day)}
                onKeyDown={onKeyDown}
                onPickUp={pickUp}
              />
            ))}
          </div>
        ))}
      </div>
      <DragOverlay>
        {dragged ? (
          <div className="rounded-sm border border-accent-600 bg-white px-1.5 py-0.5 text-xs font-medium text-slate-900 shadow-lg">
            {dragged.title}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
