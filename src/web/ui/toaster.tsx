import { Toaster } from 'sonner';
import { TOAST_MS } from '#src/shared/limits.ts';

// spec 2 and 9: toasts top-right for 4 seconds, success green, error red.
export default function AppToaster() {
  return <Toaster position="top-right" duration={TOAST_MS} richColors closeButton />;
}
