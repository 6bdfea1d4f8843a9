import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { label, navCopy } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '#src/web/ui/menu.tsx';

// spec 2: the signed-in bar's settings dropdown — Profile & Settings, Admin Panel (admins only), Sign Out
// to / — in the site's bar and in the app shell's (docs/decisions/010-signed-in-nav-in-the-shell.md).
// ui/menu renders in place, not in a portal, so the menu stays inside the navigation landmark.
export function SettingsMenu({ user }: { user: PublicUser }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const admin = isAdmin(user);
  return (
    <Menu
      label={navCopy.settingsMenu}
      className="z-40 starting:-translate-y-1"
      trigger={
        <button
          type="button"
          className="flex size-10 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <Settings className="size-5" aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>{user.email}</MenuLabel>
      <MenuItem onSelect={() => void navigate('/profile-settings')}>
        <UserRound className="size-4" aria-hidden="true" />
        {label.profileAndSettings}
      </MenuItem>
      {admin ? (
        <MenuItem onSelect={() => void navigate('/admin')}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {label.adminPanel}
        </MenuItem>
      ) : null}
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()}>
        <LogOut className="size-4" aria-hidden="true" />
        {label.signOut}
      </MenuItem>
    </Menu>
  );
}
