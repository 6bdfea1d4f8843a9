import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../routing';
import { navCopy } from '~/shared/messages';
import { useDismiss } from './use-dismiss';

// spec 2: on small screens the navigation collapses to a menu button; the panel drops below the bar.
export function MobileMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);

  // Following a link in the panel closes it.
  const location = useLocation();
  useEffect(close, [location.key, close]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
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
