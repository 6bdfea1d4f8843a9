import type { ReactNode } from 'react';
import { useSession } from '#src/web/lib/session.tsx';
import { SettingsMenu, ShellNavLinks, ShellNavMenuItems } from '#src/web/nav/shell-nav.tsx';
import { AppShell } from '#src/web/workspace/app-shell.tsx';

// Decision 010: app pages show one bar, the shell's, carrying the signed-in top navigation's links and
// settings dropdown (spec 2). Features do not import each other, so the two meet here. Loaded with the
// first app page, never with the public site.
export default function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  const nav = {
    links: <ShellNavLinks user={user} />,
    settings: <SettingsMenu user={user} />,
    phoneLinks: <ShellNavMenuItems user={user} />,
  };
  return <AppShell nav={nav}>{children}</AppShell>;
}
