import { X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { Link } from '#src/web/routing/links.tsx';
import { InertButton } from '#src/web/ui/inert.tsx';
import { panelLinks, type PanelKind } from './rail-items.ts';

const panelLinkClass = 'flex w-full rounded-control px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900';

const titles: Record<PanelKind, string> = { home: workspaceCopy.home, calendar: workspaceCopy.calendar, aiMode: workspaceCopy.aiMode };

// The element that opened the panel (a rail item or the phone's menu button), noted once per panel shown.
function useOpener(kind: PanelKind) {
  const [opener, setOpener] = useState(() => ({ kind, element: document.activeElement }));
  if (opener.kind !== kind) setOpener({ kind, element: document.activeElement });
  return opener.element;
}

// spec 2: static side panels, closed by a close button. Escape closes them too (unless a menu
// or dialog above took it), and focus goes back to what opened the panel instead of falling to the page.
export function SidePanel({ kind, onClose }: { kind: PanelKind; onClose: () => void }) {
  const title = titles[kind];
  const opener = useOpener(kind);
  const close = useCallback(() => {
    onClose();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  }, [onClose, opener]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  return (
    <aside
      aria-label={`${title} panel`}
      className="absolute inset-y-0 left-0 z-30 w-72 max-w-[85vw] border-r border-slate-200 bg-white shadow-lg md:static md:z-auto md:w-64 md:shadow-none"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <button
          type="button"
          onClick={close}
          aria-label={`Close ${title} panel`}
          className="flex size-8 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <ul className="space-y-0.5 p-2">
        {/* The Home panel leads to the board itself, before the spec's items. */}
        {kind === 'home' ? (
          <li>
            <Link to="/board" className={panelLinkClass}>
              {boardUi.title}
            </Link>
          </li>
        ) : null}
        {workspaceCopy.panels[kind].map((item) => {
          const to = panelLinks[kind][item];
          return (
            <li key={item}>
              {to ? (
                <Link to={to} className={panelLinkClass}>
                  {item}
                </Link>
              ) : (
                <InertButton name={item} look="plain" className="w-full px-3 py-2 text-left" />
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
