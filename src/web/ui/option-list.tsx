import type { ReactNode } from 'react';
import { cn } from './cn.ts';

// The list a picker opens under the caret (`@` members, `#` tasks): the items, one highlighted, or a line
// saying none matches. Picking with the mouse keeps focus (and the caret) where one is typing; with
// `listId`, option ids are `${listId}-${key}`, for aria-activedescendant.
export function OptionList<Item>({
  label,
  empty,
  items,
  keyOf,
  render,
  active,
  onPick,
  onActive,
  listId,
  className,
  optionClassName,
}: {
  label: string;
  empty: string;
  items: Item[];
  keyOf: (item: Item) => string;
  render: (item: Item) => ReactNode;
  active: number;
  onPick: (item: Item) => void;
  onActive: (index: number) => void;
  listId?: string;
  className?: string;
  optionClassName?: string;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      className={cn('z-50 max-h-60 overflow-y-auto rounded-card border border-slate-200 bg-white p-1 text-sm shadow-lg', className)}
    >
      {items.length === 0 ? (
        <li role="presentation" className="px-2.5 py-2 text-ink-muted">
          {empty}
        </li>
      ) : (
        items.map((item, index) => (
          <li
            key={keyOf(item)}
            id={listId ? `${listId}-${keyOf(item)}` : undefined}
            role="option"
            aria-selected={index === active}
            className={cn(
              'cursor-pointer rounded-md px-2.5 py-2 text-slate-800',
              optionClassName,
              index === active && 'bg-slate-100 text-slate-900',
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(item);
            }}
            onMouseEnter={() => onActive(index)}
          >
            {render(item)}
          </li>
        ))
      )}
    </ul>
  );
}
