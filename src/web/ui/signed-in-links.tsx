import { label } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/accounts/user.ts';
import { NavLink } from '#src/web/routing/links.tsx';

// spec 2: the signed-in bar's links — Dashboard, Admin Panel (admins only), Profile — wherever they show.
export function signedInLinks(user: PublicUser): Array<{ to: string; text: string }> {
  return [
    { to: '/dashboard', text: label.dashboard },
    ...(isAdmin(user) ? [{ to: '/admin', text: label.adminPanel }] : []),
    { to: '/profile', text: label.profile },
  ];
}

// The same links as list items, for the bars' lists (the site's bar, its phone menu, the shell's bar).
export function SignedInLinkItems({ user, className }: { user: PublicUser; className: string }) {
  return signedInLinks(user).map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={className}>
        {link.text}
      </NavLink>
    </li>
  ));
}
