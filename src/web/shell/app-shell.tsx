import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { INVITATION_PAGE } from '#src/shared/workspaces/invitation-link.ts';
import { useLocation, useNavigate } from '#src/web/routing/router-context.tsx';
import { useSession } from '#src/web/lib/session.tsx';
import { LeftRail } from './left-rail.tsx';
import { panelForPath, type RailItem } from './rail-items.ts';
import { SidePanel } from './side-panel.tsx';
import { TopBar, type SignedInNavSlots } from './top-bar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { pendingInvitation, type ResumeState } from '#src/web/lib/pending-invitation.ts';
import { deferredComponent, OnceOpened, usePreloadWhenIdle, type DeferredComponent } from '#src/web/lib/deferred-component.tsx';

export type ShellDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };
type ShellDialog = 'invite' | 'create';

// The shell's two dialogs carry the form library and its schemas (about 36 KB gzipped), which no page
// needs to show: their code loads once the page is idle, and each mounts the first time it opens.
const CreateWorkspaceDialog = deferredComponent<ShellDialogProps>(() =>
  import('./create-workspace-dialog.tsx').then((module) => module.CreateWorkspaceDialog),
);

// An invitation followed while signed out is taken up again once the person is signed in.
function useResumeInvitation() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = pendingInvitation.get();
    if (!token) return;
    // Once only: the invitation page keeps it again if it still cannot be accepted.
    pendingInvitation.clear();
    const state: ResumeState = { resumeInvitation: true };
    void navigate(`${INVITATION_PAGE}#${token}`, { replace: true, state });
  }, [navigate]);
}

// spec 2: the shell around every signed-in page — top bar, left rail, and a side panel chosen by path;
// inside the workspace the person is in.
// The app layer hands in the signed-in top navigation's pieces (decision 010), so there is one bar.
// The invitation dialog belongs to the workspaces feature; the app layer hands it in the same way.
export interface ShellSlots {
  nav: SignedInNavSlots;
  InviteDialog: DeferredComponent<ShellDialogProps>;
  // A count drawn on a rail item, by its path (chat's unread messages).
  railBadges?: Readonly<Record<string, ReactNode>>;
}

export function AppShell({ nav, InviteDialog, railBadges = {}, children }: ShellSlots & { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [dialog, setDialog] = useState<ShellDialog | null>(null);
  const closeDialog = (open: boolean) => setDialog(open ? dialog : null);
  useResumeInvitation();
  usePreloadWhenIdle(useMemo(() => [InviteDialog, CreateWorkspaceDialog], [InviteDialog]));
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
      <LeftRail onOpen={open} onInvite={() => setDialog('invite')} badges={railBadges} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} nav={nav} onOpen={open} onInvite={() => setDialog('invite')} onCreate={() => setDialog('create')} />
        <div className="relative flex min-h-0 flex-1">
          {panelOpen && panel ? <SidePanel kind={panel} onClose={() => setPanelOpen(false)} /> : null}
          <main id="main" className="min-w-0 flex-1 overflow-y-auto px-4 py-6 sm:px-6 lg:px-8">
            <SearchBox className="mb-4 max-w-md xl:hidden" />
            {children}
          </main>
        </div>
      </div>
      <OnceOpened open={dialog === 'invite'}>
        <InviteDialog open={dialog === 'invite'} onOpenChange={closeDialog} />
      </OnceOpened>
      <OnceOpened open={dialog === 'create'}>
        <CreateWorkspaceDialog open={dialog === 'create'} onOpenChange={closeDialog} />
      </OnceOpened>
    </div>
  );
}
