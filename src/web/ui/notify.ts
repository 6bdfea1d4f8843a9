// Toasts (spec 2 and 9). The toast library loads with the first toast rather than with the page
// (product rules B1's first-load budget): every toast follows a person's action, so nobody waits for it.
type Kind = 'success' | 'error' | 'info';

const listeners = new Set<() => void>();
let toasterWanted = false;

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterWanted = () => toasterWanted;

async function show(kind: Kind, text: string) {
  const { toast } = await import('sonner');
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  // A toast raised before the toaster mounts is kept and shown once it does.
  if (kind === 'info') toast(text);
  else toast[kind](text);
}

export const notify = {
  success: (text: string) => void show('success', text),
  error: (text: string) => void show('error', text),
  info: (text: string) => void show('info', text),
};
