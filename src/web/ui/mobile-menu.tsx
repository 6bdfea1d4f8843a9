import { Menu, X } from 'lucide-react';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { navCopy } from '#src/shared/messages.ts';
import { useDismiss } from './use-dismiss.ts';

// spec 2: on small screens the navigation collapses to a menu button; the panel drops below the bar.
export function MobileMenu({ children }: { children: ReactNode }) {
  // Open on the page it was opened on: following a link in the panel closes it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpenOn(null), []);
  useDismiss(open, close, panel, button);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        onClick={() => setOpenOn(open ? null : key)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? navCopy.closeMenu : navCopy.openMenu}
        className="flex size-10 items-center justify-center rounded-control text-slate-700 hover:bg-slate-100"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-md"
      >
        {children}
      </div>
    </div>
  );
}
