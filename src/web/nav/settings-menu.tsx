import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { label, navCopy } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { menuItemClass } from '#src/web/ui/menu.tsx';

// spec 2: the signed-in bar's settings dropdown — Profile & Settings, Admin Panel (admins only), Sign Out
// to / — in the site's bar and in the app shell's (docs/decisions/010-signed-in-nav-in-the-shell.md).
export function SettingsMenu({ user }: { user: PublicUser }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const admin = isAdmin(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={navCopy.settingsMenu}
        className="flex size-10 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <Settings className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      {/* Rendered in place, not in a portal, so the menu stays inside the navigation landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-40 min-w-56 rounded-card border border-slate-200 bg-white p-1.5 shadow-lg transition duration-150 starting:-translate-y-1 starting:opacity-0"
      >
        <DropdownMenu.Label className="truncate px-2.5 pt-1.5 pb-2 text-xs text-slate-500">{user.email}</DropdownMenu.Label>
        <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate('/profile-settings')}>
          <UserRound className="size-4" aria-hidden="true" />
          {label.profileAndSettings}
        </DropdownMenu.Item>
        {admin ? (
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate('/admin')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            {label.adminPanel}
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />
        <DropdownMenu.Item className={menuItemClass} onSelect={() => void signOut()}>
          <LogOut className="size-4" aria-hidden="true" />
          {label.signOut}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
