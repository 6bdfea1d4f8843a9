import { Settings } from 'lucide-react';
import { label, navCopy } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { AccountMenuItems } from './account-menu-items.tsx';
import { Menu, MenuLabel } from './menu.tsx';

// spec 2: the signed-in bar's settings dropdown — Profile & Settings, Admin Panel (admins only), Sign Out
// to / — in the site's bar and in the app shell's (docs/decisions/010-signed-in-nav-in-the-shell.md).
// ui/menu renders in place, not in a portal, so the menu stays inside the navigation landmark.
export function SettingsMenu({ user }: { user: PublicUser }) {
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
      <AccountMenuItems user={user} profileLabel={label.profileAndSettings} signOutLabel={label.signOut} />
    </Menu>
  );
}
