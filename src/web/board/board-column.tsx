import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import { columnDropId } from './drag-ids.ts';
import { TaskCard } from './task-card.tsx';
import type { MemberLookup } from './use-members.ts';

interface ColumnProps {
  column: Column;
  // The ids of the cards shown, in board order (a filter may hide some).
  shown: readonly string[];
  tasks: Readonly<Record<string, Task>>;
  members: MemberLookup;
  filtering: boolean;
  onOpen: (id: string) => void;
  // The owner's column menu, when the person may change columns.
  menu?: ReactNode;
}

// Cards mounted at first per column, and added each time the end of the list comes near the screen.
const BATCH = 40;

// Product rules TB8 (B5), decision 015: a column mounts its first cards and the rest as it is scrolled. Every card is a
// dnd-kit sortable, and dnd-kit renders all of them again when a drag starts or ends, so a card nobody can
// see yet costs nothing. The count, the filters and the order still cover every task.
function useMountedCount(total: number) {
  const [limit, setLimit] = useState(BATCH);
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((shown) => shown + BATCH);
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [limit, total]);
  return { limit, sentinel };
}

// One column: a drop target of its own (so an empty column takes a card) holding a sortable list.
export const BoardColumnView = memo(function BoardColumnView({ column, shown, tasks, members, filtering, onOpen, menu }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column.id), data: { columnId: column.id } });
  const { limit, sentinel } = useMountedCount(shown.length);
  const mounted = useMemo(() => (shown.length > limit ? shown.slice(0, limit) : (shown as string[])), [shown, limit]);
  const headingId = `column-${column.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="board-column"
      className="flex max-h-full w-[min(18rem,calc(100vw-3rem))] shrink-0 flex-col rounded-card border border-slate-200 bg-slate-100/70"
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {column.name}
        </h2>
        <span className="mr-auto shrink-0 text-xs text-slate-600" data-testid="column-count">
          {boardUi.taskCount(shown.length)}
        </span>
        {menu}
      </header>
      <SortableContext id={column.id} items={mounted} strategy={verticalListSortingStrategy}>
        <ol
          ref={setNodeRef}
          aria-label={boardUi.columnLabel(column.name)}
          className={`min-h-16 flex-1 space-y-2 overflow-y-auto px-2 pb-3 ${isOver ? 'rounded-control bg-accent-50' : ''}`}
        >
          {mounted.map((id) => (
            <TaskCard key={id} task={tasks[id]!} members={members} onOpen={onOpen} />
          ))}
          {shown.length > limit ? <li ref={sentinel} aria-hidden="true" className="h-px" /> : null}
          {shown.length === 0 ? (
            <li className="px-1 py-3 text-center text-xs text-slate-600">{filtering ? boardUi.noMatches : boardUi.emptyColumn}</li>
          ) : null}
        </ol>
      </SortableContext>
    </section>
  );
});
