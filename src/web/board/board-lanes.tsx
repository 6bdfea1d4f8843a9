import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { BoardColumnView } from './board-column.tsx';
import type { BoardState } from './board-state.ts';
import { columnHolding, dropPlace, type Lists } from './drop-place.ts';
import { boardKeyboard } from './keyboard-coordinates.ts';
import { HeldCard } from './task-card.tsx';
import type { MemberLookup } from './use-members.ts';

// Where a card is while it is dragged across columns: its old column without it, its new one with it.
type Preview = Record<string, readonly string[]> | null;

const noCards: readonly string[] = [];

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

// Product rules TB3: the columns side by side, with drag and drop by pointer and by keyboard alone (dnd-kit's
// keyboard sensor with the board's own coordinates), and spoken announcements that name the task and the column.
export function BoardLanes({ board, shown, members, filtering, onOpen, onMove, columnMenu, trailing }: LanesProps) {
  const [preview, setPreview] = useState<Preview>(null);
  // The card being moved: drawn in an overlay above the board, so no column's scrolling list clips it.
  const [held, setHeld] = useState<string | null>(null);
  // Every column has a list, an empty one too, so a card can be moved into it (by keyboard as well).
  const lists = useMemo<Lists>(
    () => Object.fromEntries(board.columns.map((one) => [one.id, preview?.[one.id] ?? shown[one.id] ?? noCards])),
    [board.columns, shown, preview],
  );
  // The announcements read the lists as they are at the moment dnd-kit speaks.
  const current = useRef({ lists, board });
  const [keyboard] = useState(boardKeyboard);
  useLayoutEffect(() => {
    current.current = { lists, board };
    keyboard.see(
      lists,
      board.columns.map((one) => one.id),
    );
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      // A smooth scroll lets dnd-kit measure the columns mid-way and drop the card into one it passes.
      scrollBehavior: 'instant',
      coordinateGetter: keyboard.coordinates,
    }),
  );

  const announcements = useMemo<Announcements>(() => {
    const title = (id: UniqueIdentifier) => current.current.board.tasks[String(id)]?.title ?? '';
    const columnName = (id: string | null) => current.current.board.columns.find((one) => one.id === id)?.name ?? '';
    // Where the card would land now: the lists may not hold the move dnd-kit is announcing yet.
    const where = (active: UniqueIdentifier, over: UniqueIdentifier | null) => {
      const place = dropPlace(current.current.lists, active, over);
      const list = place?.list ?? [];
      return { column: columnName(place?.column ?? null), place: list.indexOf(String(active)) + 1, of: list.length };
    };
    return {
      onDragStart: ({ active }) => boardUi.pickedUp(title(active.id), where(active.id, null).column),
      onDragOver: ({ active, over }) => {
        const at = where(active.id, over?.id ?? null);
        return boardUi.movedOver(title(active.id), at.column, at.place, at.of);
      },
      onDragEnd: ({ active, over }) => {
        const at = where(active.id, over?.id ?? null);
        return boardUi.dropped(title(active.id), at.column, at.place);
      },
      onDragCancel: ({ active }) => boardUi.cancelled(title(active.id)),
    };
  }, []);

  // Across columns the card joins the other list as soon as it is over it, so the list makes room.
  const dragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const id = String(active.id);
    const from = columnHolding(lists, id);
    const place = dropPlace(lists, id, over.id);
    if (!from || !place || place.column === from) return;
    // Kept with the columns it crossed before, so a card that passes several is in one list only.
    setPreview({ ...preview, [from]: lists[from]!.filter((one) => one !== id), [place.column]: place.list });
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    setPreview(null);
    setHeld(null);
    keyboard.reset();
    const id = String(active.id);
    const place = over ? dropPlace(lists, id, over.id) : null;
    if (!place) return;
    const before = shown[place.column] ?? noCards;
    if (place.list.length === before.length && place.list.every((one, index) => one === before[index])) return;
    onMove(id, place.column, place.list);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{ announcements, screenReaderInstructions: { draggable: boardUi.dragInstructions } }}
      onDragStart={({ active }) => {
        keyboard.reset();
        setHeld(String(active.id));
      }}
      onDragOver={dragOver}
      onDragEnd={dragEnd}
      onDragCancel={() => {
        keyboard.reset();
        setPreview(null);
        setHeld(null);
      }}
    >
      <div className="flex min-h-0 flex-1 items-start gap-3 overflow-x-auto pb-2" data-testid="board-lanes">
        {board.columns.map((column) => (
          <BoardColumnView
            key={column.id}
            column={column}
            shown={lists[column.id]!}
            tasks={board.tasks}
            members={members}
            filtering={filtering}
            onOpen={onOpen}
            menu={columnMenu?.(column.id)}
          />
        ))}
        {trailing}
      </div>
      <DragOverlay>{held && board.tasks[held] ? <HeldCard task={board.tasks[held]} members={members} /> : null}</DragOverlay>
    </DndContext>
  );
}
