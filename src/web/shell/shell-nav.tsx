import { useNavigate } from '#src/web/routing/router-context.tsx';
import { navCopy } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { MenuItem } from '#src/web/ui/menu.tsx';
import { NavLink } from '#src/web/routing/links.tsx';
import { navLinkClass } from '#src/web/ui/nav-bar.tsx';
import { SignedInLinkItems, signedInLinks } from '#src/web/ui/signed-in-links.tsx';

export { SettingsMenu } from '#src/web/ui/settings-menu.tsx';

// The board is where a team works, so the shell's bar links it after the spec's links (the rail's
// Home panel holds it too, two clicks deep). The marketing site's bar keeps the spec's links alone.
const boardLink = { to: '/board', text: navCopy.board };

// Decision 010: on app pages the signed-in bar's links sit inside the shell's own bar (from md up)...
export function ShellNavLinks({ user }: { user: PublicUser }) {
  return (
    <nav aria-label={navCopy.mainNav} className="hidden md:block">
      <ul className="flex items-center gap-1">
        <SignedInLinkItems user={user} className={navLinkClass} />
        <li>
          <NavLink to={boardLink.to} className={navLinkClass}>
            {boardLink.text}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

// ...and on a phone in the shell's menu, after the rail's items.
export function ShellNavMenuItems({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  return (
    <>
      {[...signedInLinks(user), boardLink].map((link) => (
        <MenuItem key={link.to} onSelect={() => void navigate(link.to)}>
          {link.text}
        </MenuItem>
      ))}
    </>
  );
}
