// Toasts (spec 2 and 9). The toast library loads with the first toast rather than with the page
// (product rules B1's first-load budget): every toast follows a person's action, so nobody waits for it.
type Kind = 'success' | 'error' | 'info';

// A button inside the toast (a deleted task's Undo).
export interface ToastAction {
  label: string;
  onClick: () => void;
}

const listeners = new Set<() => void>();
let toasterWanted = false;

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterWanted = () => toasterWanted;

async function show(kind: Kind, text: string, action?: ToastAction) {
  const { toast } = await import('sonner');
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  // A toast raised before the toaster mounts is kept and shown once it does.
  const options = action ? { action } : undefined;
  if (kind === 'info') toast(text, options);
  else toast[kind](text, options);
}

export const notify = {
  success: (text: string, action?: ToastAction) => void show('success', text, action),
  error: (text: string, action?: ToastAction) => void show('error', text, action),
  info: (text: string, action?: ToastAction) => void show('info', text, action),
};
