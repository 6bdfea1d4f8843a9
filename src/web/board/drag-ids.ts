// dnd-kit ids: a card is dragged by its task id; a column's drop area carries a prefix, so the two
// never collide.
const COLUMN = 'column:';

export const columnDropId = (columnId: string) => `${COLUMN}${columnId}`;

export const columnOfDropId = (id: string): string | null => (id.startsWith(COLUMN) ? id.slice(COLUMN.length) : null);
