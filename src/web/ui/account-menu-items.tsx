import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { label } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { MenuItem, MenuSeparator } from './menu.tsx';

// spec 2 and spec 4: the signed-in bar's settings dropdown and the shell's user menu end alike —
// profile, Admin Panel for admins only, then Sign Out — each in its own section's words.
export function AccountMenuItems({
  user,
  profileLabel,
  signOutLabel,
  children,
}: {
  user: PublicUser;
  profileLabel: string;
  signOutLabel: string;
  // Items of the menu's own, shown before the separator.
  children?: ReactNode;
}) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <MenuItem onSelect={() => void navigate('/profile-settings')}>
        <UserRound className="size-4" aria-hidden="true" />
        {profileLabel}
      </MenuItem>
      {isAdmin(user) ? (
        <MenuItem onSelect={() => void navigate('/admin')}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {label.adminPanel}
        </MenuItem>
      ) : null}
      {children}
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()}>
        <LogOut className="size-4" aria-hidden="true" />
        {signOutLabel}
      </MenuItem>
    </>
  );
}
