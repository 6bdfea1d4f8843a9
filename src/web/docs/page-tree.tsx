import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FileText, GripVertical, Plus } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import type { Page } from '#src/shared/docs/paths.ts';
import { Link } from '#src/web/routing/links.tsx';
import { dropPlacement, flatten, keyPlacement, type KeyMove, type Placement, type Row } from './tree-order.ts';

const KEY_MOVES: Record<string, KeyMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };

interface TreeProps {
  pages: Page[];
  selectedId: string | null;
  onCreate: (parentId: string | null) => void;
  onMove: (page: Page, placement: Placement) => void;
}

// The workspace's pages as a nested list: open one, add a page inside one, reorder and move by dragging
// (pointer, or keyboard: Space picks up, arrows move, Space drops) or with Alt+arrows on a page's link.
export function PageTree({ pages, selectedId, onCreate, onMove }: TreeProps) {
  const helpId = useId();
  const rows = flatten(pages);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (page: Page, placement: Placement | null) => {
    if (placement) onMove(page, placement);
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    const page = pages.find((one) => one.id === active.id);
    if (page && over) move(page, dropPlacement(pages, String(active.id), String(over.id)));
  };
  return (
    <div>
      <p id={helpId} className="sr-only">
        {docsText.treeHelp}
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
        <SortableContext items={rows.map((row) => row.page.id)} strategy={verticalListSortingStrategy}>
          <ul className="space-y-0.5">
            {rows.map((row) => (
              <TreeRow
                key={row.page.id}
                row={row}
                selected={row.page.id === selectedId}
                helpId={helpId}
                onCreate={onCreate}
                onKeyMove={(key) => move(row.page, keyPlacement(pages, row.page.id, key))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function TreeRow({
  row,
  selected,
  helpId,
  onCreate,
  onKeyMove,
}: {
  row: Row;
  selected: boolean;
  helpId: string;
  onCreate: (parentId: string) => void;
  onKeyMove: (move: KeyMove) => void;
}) {
  const { page, depth } = row;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: page.id });
  const keyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!event.altKey || !move) return;
    event.preventDefault();
    onKeyMove(move);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, paddingLeft: `${depth * 0.875}rem` }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      <div className="group flex items-center gap-0.5 rounded-control hover:bg-slate-100 has-[a[aria-current=page]]:bg-slate-900">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={docsText.dragHandle(page.title)}
          className="flex size-7 shrink-0 cursor-grab items-center justify-center rounded-control text-slate-600 group-has-[a[aria-current=page]]:text-slate-300"
        >
          <GripVertical className="size-3.5" aria-hidden="true" />
        </button>
        <Link
          to={`/pages/${page.id}`}
          aria-current={selected ? 'page' : undefined}
          aria-describedby={helpId}
          onKeyDown={keyDown}
          className="flex min-w-0 flex-1 items-center gap-1.5 py-1.5 text-sm text-slate-700 aria-[current=page]:text-white"
        >
          {page.icon ? <span aria-hidden="true">{page.icon}</span> : <FileText className="size-3.5 shrink-0" aria-hidden="true" />}
          <span className="truncate">{page.title}</span>
        </Link>
        <button
          type="button"
          aria-label={docsText.newSubPage(page.title)}
          onClick={() => onCreate(page.id)}
          className="flex size-7 shrink-0 items-center justify-center rounded-control text-slate-600 group-has-[a[aria-current=page]]:text-slate-300"
        >
          <Plus className="size-3.5" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
