import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { boardUi } from '#src/shared/board-messages.ts';
import { BoardColumnView } from './board-column.tsx';
import type { BoardState } from './board-state.ts';
import { columnOfDropId } from './drag-ids.ts';
import type { MemberLookup } from './use-members.ts';

type Lists = Readonly<Record<string, readonly string[]>>;

// Where a card is while it is dragged across columns: its old column without it, its new one with it.
type Preview = Record<string, readonly string[]> | null;

interface LanesProps {
  board: BoardState;
  shown: Lists;
  members: MemberLookup;
  filtering: boolean;
  onOpen: (id: string) => void;
  // A dropped card: its column and that column's shown ids with the card at its new place.
  onMove: (id: string, columnId: string, list: readonly string[]) => void;
  columnMenu?: (columnId: string) => ReactNode;
  // After the last column (the owner's Add column).
  trailing?: ReactNode;
}

const columnHolding = (lists: Lists, id: UniqueIdentifier): string | null => {
  const key = String(id);
  const column = columnOfDropId(key);
  if (column !== null) return column in lists ? column : null;
  return Object.keys(lists).find((one) => lists[one]!.includes(key)) ?? null;
};

// Product rules TB3: the columns side by side, with drag and drop by pointer and by keyboard alone (dnd-kit's
// keyboard sensor with sortable coordinates), and spoken announcements that name the task and the column.
export function BoardLanes({ board, shown, members, filtering, onOpen, onMove, columnMenu, trailing }: LanesProps) {
  const [preview, setPreview] = useState<Preview>(null);
  const lists = useMemo<Lists>(() => (preview ? { ...shown, ...preview } : shown), [shown, preview]);
  // The announcements read the lists as they are at the moment dnd-kit speaks.
  const current = useRef({ lists, board });
  useLayoutEffect(() => {
    current.current = { lists, board };
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements = useMemo<Announcements>(() => {
    const title = (id: UniqueIdentifier) => current.current.board.tasks[String(id)]?.title ?? '';
    const columnName = (id: string | null) => current.current.board.columns.find((one) => one.id === id)?.name ?? '';
    const where = (active: UniqueIdentifier) => {
      const column = columnHolding(current.current.lists, active);
      const list = column ? current.current.lists[column]! : [];
      return { column: columnName(column), place: list.indexOf(String(active)) + 1, of: list.length };
    };
    return {
      onDragStart: ({ active }) => boardUi.pickedUp(title(active.id), where(active.id).column),
      onDragOver: ({ active }) => {
        const at = where(active.id);
        return boardUi.movedOver(title(active.id), at.column, at.place, at.of);
      },
      onDragEnd: ({ active }) => {
        const at = where(active.id);
        return boardUi.dropped(title(active.id), at.column, at.place);
      },
      onDragCancel: ({ active }) => boardUi.cancelled(title(active.id)),
    };
  }, []);

  // Across columns the card joins the other list as soon as it is over it, so the list makes room.
  const dragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const from = columnHolding(lists, active.id);
    const to = columnHolding(lists, over.id);
    if (!from || !to || from === to) return;
    const target = lists[to]!;
    const overIndex = target.indexOf(String(over.id));
    const index = overIndex < 0 ? target.length : overIndex;
    setPreview({
      [from]: lists[from]!.filter((id) => id !== String(active.id)),
      [to]: [...target.slice(0, index), String(active.id), ...target.slice(index)],
    });
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    setPreview(null);
    const id = String(active.id);
    const column = columnHolding(lists, id);
    const originally = columnHolding(shown, id);
    if (!over || !column) return;
    const list = lists[column]!;
    const overIndex = list.indexOf(String(over.id));
    const finalList = overIndex < 0 ? list : arrayMove([...list], list.indexOf(id), overIndex);
    if (column === originally && finalList.every((one, index) => one === shown[column]![index])) return;
    onMove(id, column, finalList);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{ announcements, screenReaderInstructions: { draggable: boardUi.dragInstructions } }}
      onDragOver={dragOver}
      onDragEnd={dragEnd}
      onDragCancel={() => setPreview(null)}
    >
      <div className="flex min-h-0 flex-1 items-start gap-3 overflow-x-auto pb-2" data-testid="board-lanes">
        {board.columns.map((column) => (
          <BoardColumnView
            key={column.id}
            column={column}
            shown={lists[column.id] ?? []}
            tasks={board.tasks}
            members={members}
            filtering={filtering}
            onOpen={onOpen}
            menu={columnMenu?.(column.id)}
          />
        ))}
        {trailing}
      </div>
    </DndContext>
  );
}
