import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { label } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/accounts/user.ts';
import { apiPath, type UserResponse } from '#src/shared/accounts/paths.ts';
import type { Theme } from '#src/shared/theme/theme.ts';
import { api } from '#src/web/lib/api-client.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { setDeviceTheme } from '#src/web/lib/theme.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { MenuItem, MenuSeparator } from './menu.tsx';
import { ThemeMenuItems } from './theme-menu-items.tsx';

// spec 2 and spec 4: the signed-in bar's settings dropdown and the shell's user menu end alike —
// profile, Admin Panel for admins only, the theme, then Sign Out — each in its own section's words.
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
  const { signOut, replaceUser } = useSession();
  // The page turns at once; the account keeps the choice for the person's other devices. Should saving
  // fail, this device still remembers it.
  const chooseTheme = (theme: Theme) => {
    setDeviceTheme(theme);
    api<UserResponse>('PUT', apiPath.theme, { theme })
      .then(({ user: saved }) => replaceUser(saved))
      .catch(() => undefined);
  };
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
      <ThemeMenuItems onChoose={chooseTheme} />
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()}>
        <LogOut className="size-4" aria-hidden="true" />
        {signOutLabel}
      </MenuItem>
    </>
  );
}
