import { CreditCard, Menu as MenuIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { isAdmin, roleLabel, type PublicUser } from '#src/shared/accounts/user.ts';
import { AccountMenuItems } from '#src/web/ui/account-menu-items.tsx';
import { AdminBadge } from '#src/web/ui/admin-badge.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { iconButtonClass } from '#src/web/ui/icon-button-class.ts';
import { Menu, MenuItem, MenuSeparator } from '#src/web/ui/menu.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';
import { InertMenuItem } from '#src/web/ui/inert.tsx';
import { mainItems, moreItems, type RailItem } from './rail-items.ts';

// Decision 010: the signed-in top navigation bar's own pieces (spec 2), handed in by the app layer so the
// shell shows them in its one bar: the links (from md up), the settings dropdown, the links on a phone.
export interface SignedInNavSlots {
  links: ReactNode;
  // The notifications bell, live (its own domain).
  bell: ReactNode;
  settings: ReactNode;
  phoneLinks: ReactNode;
}

// spec 2: workspace switcher, search box, notifications bell with its unread count, and the user menu;
// with the signed-in bar's Dashboard, Admin Panel, Profile and settings dropdown beside them.
export function TopBar({
  user,
  nav,
  onOpen,
  onInvite,
  onCreate,
}: {
  user: PublicUser;
  nav: SignedInNavSlots;
  onOpen: (item: RailItem) => void;
  onInvite: () => void;
  onCreate: () => void;
}) {
  const navigate = useNavigate();
  const admin = isAdmin(user);

  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
      {/* On a phone the rail collapses into this menu. */}
      <div className="md:hidden">
        <Menu
          label="Open workspace menu"
          align="start"
          trigger={
            <button type="button" className={iconButtonClass}>
              <MenuIcon className="size-5" aria-hidden="true" />
            </button>
          }
        >
          {[...mainItems, ...moreItems].map((item) => (
            <MenuItem
              key={item.to}
              onSelect={() => {
                onOpen(item);
                void navigate(item.to);
              }}
            >
              <item.icon className="size-4" aria-hidden="true" />
              {item.label}
            </MenuItem>
          ))}
          <MenuSeparator />
          {nav.phoneLinks}
        </Menu>
      </div>
      <WorkspaceSwitcher onInvite={onInvite} onCreate={onCreate} />
      {admin ? <AdminBadge /> : null}
      {nav.links}

      {/* Below xl the search box sits at the top of the page instead (app-shell.tsx). */}
      <SearchBox className="ml-auto hidden w-64 xl:block" />

      <div className="ml-auto flex items-center gap-1 xl:ml-2">
        {nav.bell}

        {nav.settings}

        <Menu
          label="User menu"
          trigger={
            <button type="button" className="flex items-center gap-2 rounded-control p-1 pr-2 hover:bg-slate-100">
              <Avatar name={user.name} picture={user.picture} size="sm" fallback="icon" />
              <span className="hidden max-w-36 truncate text-sm font-medium text-slate-800 lg:inline">{user.name}</span>
            </button>
          }
        >
          <div className="px-2.5 pt-1.5 pb-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="mt-1 text-xs font-medium text-accent-700" data-testid="role-label">
              {roleLabel(user)}
            </p>
          </div>
          <MenuSeparator />
          <AccountMenuItems user={user} profileLabel={workspaceCopy.profileSettings} signOutLabel={workspaceCopy.signOut}>
            <InertMenuItem name={workspaceCopy.billing}>
              <CreditCard className="size-4" aria-hidden="true" />
              {workspaceCopy.billing}
            </InertMenuItem>
          </AccountMenuItems>
        </Menu>
      </div>
    </header>
  );
}
