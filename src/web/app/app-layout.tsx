import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { workspaceListQuery } from '#src/web/lib/my-workspaces-api.ts';
import { portalApi, portalKeys } from '#src/web/lib/portal-api.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { ChatRailBadge } from '#src/web/chat/chat-rail-badge.tsx';
import { NotificationBell } from '#src/web/notifications/notification-bell.tsx';
import { Navigate } from '#src/web/routing/links.tsx';
import { AuthLoader } from '#src/web/ui/loaders.tsx';
import { useSession } from '#src/web/lib/session.tsx';
import { useLeaveLostWorkspace } from '#src/web/lib/workspaces.tsx';
import { useLiveCatchUp } from '#src/web/lib/use-live-catch-up.ts';
import SearchHost from '#src/web/search/search-host.tsx';
import { SettingsMenu, ShellNavLinks, ShellNavMenuItems } from '#src/web/shell/shell-nav.tsx';
import { AppShell, type ShellDialogProps } from '#src/web/shell/app-shell.tsx';
import { CHAT_PATH } from '#src/web/shell/rail-items.ts';
import ShortcutsHost from '#src/web/shortcuts/shortcuts-host.tsx';
import { deferredComponent } from '#src/web/lib/deferred-component.tsx';
import { MaintenanceBanner } from '#src/web/admin/maintenance-banner.tsx';

const InviteDialog = deferredComponent<ShellDialogProps>(() =>
  import('#src/web/workspaces/invite-dialog.tsx').then((module) => module.InviteDialog),
);

// Decision 010: app pages show one bar, the shell's, carrying the signed-in top navigation's links and
// settings dropdown (spec 2). Features do not import each other, so the two meet here. Loaded with the
// first app page, never with the public site; so is the server-state cache (QueryProvider).
export default function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  const nav = {
    links: <ShellNavLinks user={user} />,
    settings: <SettingsMenu user={user} />,
    bell: <NotificationBell />,
    phoneLinks: <ShellNavMenuItems user={user} />,
  };
  return (
    <QueryProvider>
      <PortalGuestsAway>
        <AppShell nav={nav} InviteDialog={InviteDialog} railBadges={{ [CHAT_PATH]: <ChatRailBadge /> }}>
          <MaintenanceBanner />
          {children}
          <SearchHost />
          <ShortcutsHost />
          <LiveCatchUp />
        </AppShell>
      </PortalGuestsAway>
    </QueryProvider>
  );
}

// Inside the shell, which only members reach: a portal guest never opens the workspace's stream.
function LiveCatchUp() {
  useLiveCatchUp();
  return null;
}

// A client's contact who last opened the client portal is sent there: a guest never sees the member
// shell. Anyone else sees the shell once the answer is in (a failed check shows it too: the server
// refuses a guest every workspace call anyway).
function PortalGuestsAway({ children }: { children: ReactNode }) {
  // Also here, inside the query cache: a member removed while a page is open leaves it.
  useLeaveLostWorkspace();
  const mine = useQuery({ queryKey: portalKeys.mine, queryFn: portalApi.mine });
  // Every app page starts from the workspace list: asked beside the portal check, not after it.
  useQuery(workspaceListQuery);
  if (mine.isPending) return <AuthLoader />;
  if (mine.data?.preferPortal) return <Navigate to="/portal" replace />;
  return children;
}
