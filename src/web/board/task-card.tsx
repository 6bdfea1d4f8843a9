import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { hasPicture, initials } from '#src/web/ui/avatar-initials.ts';
import { cn } from '#src/web/ui/cn.ts';
import type { Task, TaskPriority } from '#src/shared/tasks/paths.ts';
import type { MemberLookup } from './use-members.ts';
import { formatDay } from '#src/web/lib/format-time.ts';

const priorityLook: Record<TaskPriority, string> = {
  low: 'bg-slate-100 text-slate-700',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
};

// One element made once and shared by every card (a thousand icon components cost a first render).
const grip = (
  <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
    <circle cx="6" cy="4" r="1.25" />
    <circle cx="10" cy="4" r="1.25" />
    <circle cx="6" cy="8" r="1.25" />
    <circle cx="10" cy="8" r="1.25" />
    <circle cx="6" cy="12" r="1.25" />
    <circle cx="10" cy="12" r="1.25" />
  </svg>
);

// The assignee's picture when the member has one; otherwise plain initials, with no component state.
function Assignee({ name, picture }: { name: string; picture: string | null | undefined }) {
  if (hasPicture(picture)) return <Avatar name={name} picture={picture} size="sm" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-7 items-center justify-center rounded-full bg-accent-100 text-[11px] font-semibold text-accent-800"
    >
      {initials(name)}
    </span>
  );
}

interface CardProps {
  task: Task;
  members: MemberLookup;
  // Absent on the held card's picture: its title is text, not a second button.
  onOpen?: (id: string) => void;
}

// What a card shows. Memoised on the task object: a move or an edit gives only the changed task a new
// object, so the other cards skip rendering (product rules B: a move repaints in ≤ 50 ms on 1,000 tasks).
const CardBody = memo(function CardBody({ task, members, onOpen }: CardProps) {
  const assignee = task.assignee;
  const priority = boardUi.priorityNames[task.priority];
  return (
    <>
      {onOpen ? (
        <button
          type="button"
          onClick={() => onOpen(task.id)}
          aria-label={boardUi.openTask(task.title)}
          className="block w-full rounded-sm text-left text-sm font-medium break-words text-slate-900 hover:text-accent-700"
        >
          {task.title}
        </button>
      ) : (
        <p className="text-sm font-medium break-words text-slate-900">{task.title}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
        <span data-testid="task-key" className="font-mono text-slate-600">
          {task.key}
        </span>
        <span className={cn('rounded-full px-2 py-0.5 font-medium', priorityLook[task.priority])}>{boardUi.priorityLabel(priority)}</span>
        {task.dueDate ? <span className="text-slate-600">{boardUi.due(formatDay(task.dueDate))}</span> : null}
        {task.labels.map((label) => (
          <span key={label} className="rounded-full bg-accent-50 px-2 py-0.5 font-medium text-accent-800">
            {label}
          </span>
        ))}
        {assignee ? (
          <span className="ml-auto" title={boardUi.assignedTo(assignee.name)}>
            <span className="sr-only">{boardUi.assignedTo(assignee.name)}</span>
            <Assignee name={assignee.name} picture={members.get(assignee.id)?.picture} />
          </span>
        ) : null}
      </div>
    </>
  );
});

const cardLook = 'flex touch-manipulation gap-1 rounded-control border border-slate-200 bg-white p-2.5 shadow-xs';

// The card in the hand, drawn by dnd-kit's overlay above every column. It is a picture of the card: the
// focus stays on the move button of the card in the list, which the announcements speak for.
export function HeldCard({ task, members }: { task: Task; members: MemberLookup }) {
  return (
    <div data-testid="held-card" aria-hidden="true" className={cn(cardLook, 'cursor-grabbing shadow-lg ring-2 ring-accent-500')}>
      <span className="-ml-1 flex size-6 shrink-0 items-center justify-center text-slate-400">{grip}</span>
      <div className="min-w-0 flex-1">
        <CardBody task={task} members={members} />
      </div>
    </div>
  );
}

// A card is dragged by pointer anywhere on it, and by keyboard from its move button (the title
// is a button of its own that opens the task; a button cannot hold another one). dnd-kit's keyboard sensor
// starts only from the activator node, so Enter on the title opens the task instead.
export const TaskCard = memo(function TaskCard({ task, members, onOpen }: CardProps & { onOpen: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { columnId: task.columnId },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
      data-testid="task-card"
      className={cn(
        cardLook,
        // Off-screen cards skip layout and paint until scrolled to (product rules B: 1,000 tasks).
        '[contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]',
        // While held, the card drawn in the overlay moves; this one marks the place it will drop into.
        isDragging && 'border-dashed border-accent-500 bg-accent-50',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        aria-label={boardUi.moveTask(task.title)}
        className="-ml-1 flex size-6 shrink-0 cursor-grab items-center justify-center rounded-sm text-slate-400 hover:text-slate-700"
      >
        {grip}
      </button>
      <div className="min-w-0 flex-1">
        <CardBody task={task} members={members} onOpen={onOpen} />
      </div>
    </li>
  );
});
