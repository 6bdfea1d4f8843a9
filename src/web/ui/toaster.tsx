import { Toaster } from 'sonner';
import { TOAST_MS } from '#src/shared/limits.ts';
import { useTheme } from '#src/web/lib/theme.ts';

// spec 2 and 9: toasts top-right for 4 seconds, success green, error red; in the page's theme.
export default function AppToaster() {
  return <Toaster theme={useTheme()} position="top-right" duration={TOAST_MS} richColors closeButton />;
}
