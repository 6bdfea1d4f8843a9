import { useState, type ReactNode } from 'react';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { useSession } from '#src/web/lib/session.tsx';
import { LeftRail } from '#src/web/workspace/components/left-rail.tsx';
import { panelForPath, type RailItem } from '#src/web/workspace/components/rail-items.ts';
import { SidePanel } from '#src/web/workspace/components/side-panel.tsx';
import { TopBar, type SignedInNavSlots } from '#src/web/workspace/components/top-bar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';

// spec 2: the shell around every signed-in page — top bar, left rail, and a side panel chosen by path.
// The app layer hands in the signed-in top navigation's pieces (decision 010), so there is one bar.
export function AppShell({ nav, children }: { nav: SignedInNavSlots; children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const panel = panelForPath(pathname);

  // Leaving for a page without a panel closes it; the rail reopens it on purpose.
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (!panel) setPanelOpen(false);
  }

  const open = (item: RailItem) => setPanelOpen(Boolean(item.panel));
  if (!user) return null;

  return (
    <div className="flex h-dvh bg-slate-50">
      <LeftRail onOpen={open} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} nav={nav} onOpen={open} />
        <div className="relative flex min-h-0 flex-1">
          {panelOpen && panel ? <SidePanel kind={panel} onClose={() => setPanelOpen(false)} /> : null}
          <main id="main" className="min-w-0 flex-1 overflow-y-auto px-4 py-6 sm:px-6 lg:px-8">
            <SearchBox className="mb-4 max-w-md xl:hidden" />
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
