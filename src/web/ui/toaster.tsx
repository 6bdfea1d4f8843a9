import { Toaster } from 'sonner';
import { TOAST_MS } from '#src/shared/limits.ts';
import { useTheme } from '#src/web/lib/theme.ts';

// Below the top bar (4rem and its border, on the site and in the app), never over its controls: a person
// reaching for the user menu under a toast hovered it, which pauses it, so it stayed and took the click.
const BELOW_TOP_BAR = { top: 77 };

// spec 2 and 9: toasts top-right for 4 seconds, success green, error red; in the page's theme.
export default function AppToaster() {
  return (
    <Toaster
      theme={useTheme()}
      position="top-right"
      offset={BELOW_TOP_BAR}
      mobileOffset={BELOW_TOP_BAR}
      duration={TOAST_MS}
      richColors
      closeButton
    />
  );
}
