import { useEffect, useState, type ReactNode } from 'react';
import { INVITATION_PAGE } from '#src/shared/invitation-link.ts';
import { useLocation, useNavigate } from '#src/web/routing/router-context.tsx';
import { useSession } from '#src/web/lib/session.tsx';
import { WorkspacesProvider } from '#src/web/lib/workspaces.tsx';
import { LeftRail } from '#src/web/workspace/components/left-rail.tsx';
import { panelForPath, type RailItem } from '#src/web/workspace/components/rail-items.ts';
import { SidePanel } from '#src/web/workspace/components/side-panel.tsx';
import { TopBar, type SignedInNavSlots } from '#src/web/workspace/components/top-bar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { CreateWorkspaceDialog } from '#src/web/workspace/workspaces/create-workspace-dialog.tsx';
import { InviteDialog } from '#src/web/workspace/workspaces/invite-dialog.tsx';
import { pendingInvitation, type ResumeState } from '#src/web/workspace/workspaces/pending-invitation.ts';

// Issue 15: an invitation followed while signed out is taken up again once the person is signed in.
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
// issue 15: inside the workspace the person is in.
// The app layer hands in the signed-in top navigation's pieces (decision 010), so there is one bar.
export function AppShell({ nav, children }: { nav: SignedInNavSlots; children: ReactNode }) {
  return (
    <WorkspacesProvider>
      <Shell nav={nav}>{children}</Shell>
    </WorkspacesProvider>
  );
}

function Shell({ nav, children }: { nav: SignedInNavSlots; children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [dialog, setDialog] = useState<'invite' | 'create' | null>(null);
  const closeDialog = (open: boolean) => setDialog(open ? dialog : null);
  useResumeInvitation();
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
      <LeftRail onOpen={open} onInvite={() => setDialog('invite')} />
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
      <InviteDialog open={dialog === 'invite'} onOpenChange={closeDialog} />
      <CreateWorkspaceDialog open={dialog === 'create'} onOpenChange={closeDialog} />
    </div>
  );
}
