import { useNavigate } from '#src/web/routing/router-context.tsx';
import { navCopy } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/user.ts';
import { MenuItem } from '#src/web/ui/menu.tsx';
import { navLinkClass } from './nav-bar.tsx';
import { SignedInLinkItems, signedInLinks } from './signed-in-links.tsx';

export { SettingsMenu } from './settings-menu.tsx';

// Decision 010: on app pages the signed-in bar's links sit inside the shell's own bar (from md up)...
export function ShellNavLinks({ user }: { user: PublicUser }) {
  return (
    <nav aria-label={navCopy.mainNav} className="hidden md:block">
      <ul className="flex items-center gap-1">
        <SignedInLinkItems user={user} className={navLinkClass} />
      </ul>
    </nav>
  );
}

// ...and on a phone in the shell's menu, after the rail's items.
export function ShellNavMenuItems({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  return (
    <>
      {signedInLinks(user).map((link) => (
        <MenuItem key={link.to} onSelect={() => void navigate(link.to)}>
          {link.text}
        </MenuItem>
      ))}
    </>
  );
}
