// The app's keyboard shortcuts: one key, or `g` then a key within a moment.
export interface Shortcut {
  keys: string[];
  does: string;
}

export const SEQUENCE_MS = 1500;

export type ShortcutAction = { kind: 'go'; to: string } | { kind: 'search' } | { kind: 'help' };

export const singleKeys: Record<string, ShortcutAction> = {
  c: { kind: 'go', to: '/board?new=1' },
  '/': { kind: 'search' },
  '?': { kind: 'help' },
};

export const afterG: Record<string, ShortcutAction> = {
  b: { kind: 'go', to: '/board' },
  c: { kind: 'go', to: '/calendar' },
  i: { kind: 'go', to: '/my-work?view=inbox' },
};

// What the `?` sheet lists, in its order.
export const shortcutSheet: Shortcut[] = [
  { keys: ['c'], does: 'New task' },
  { keys: ['/'], does: 'Search' },
  { keys: ['Ctrl', 'K'], does: 'Search, from anywhere (⌘K on a Mac)' },
  { keys: ['g', 'b'], does: 'Go to the board' },
  { keys: ['g', 'c'], does: 'Go to the calendar' },
  { keys: ['g', 'i'], does: 'Go to the inbox' },
  { keys: ['?'], does: 'Show these shortcuts' },
  { keys: ['Esc'], does: 'Close a dialog, panel or menu' },
];

// Shortcuts never fire while someone types: in a field, an editable area, or with a modifier held
// (Shift is part of `?`), nor inside a dialog, which has keys of its own.
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]',
    )
  )
    return true;
  return false;
}
