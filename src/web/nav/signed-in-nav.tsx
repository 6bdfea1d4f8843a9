import { Link, NavLink } from '#src/web/routing/links.tsx';
import { label } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { Logo } from '#src/web/ui/logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { mobileLinkClass, NavBar, navLinkClass } from './nav-bar.tsx';
import { SettingsMenu } from './settings-menu.tsx';
import { signedInLinks } from './signed-in-links.ts';

// spec 2: signed in — logo, ADMIN badge and Admin Panel for admins only, Dashboard, Profile, the search
// box, avatar and name, and the settings dropdown (Profile & Settings, Admin Panel, Sign Out to /).
export default function SignedInNav({ user }: { user: PublicUser }) {
  const admin = isAdmin(user);
  const links = signedInLinks(user);

  return (
    <NavBar>
      <Logo to="/dashboard" />
      {admin ? (
        <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-bold tracking-wide text-accent-800">{label.adminBadge}</span>
      ) : null}
      <ul className="hidden items-center gap-1 md:flex">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={navLinkClass}>
              {link.text}
            </NavLink>
          </li>
        ))}
      </ul>
      <SearchBox className="ml-auto hidden w-56 lg:block" />
      <div className="ml-auto flex items-center gap-2 lg:ml-0">
        <Link to="/profile" className="flex items-center gap-2 rounded-control p-1 text-sm font-medium text-slate-800 hover:bg-slate-100">
          <Avatar name={user.name} picture={user.picture} size="sm" />
          <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        </Link>
        <SettingsMenu user={user} />
        <MobileMenu>
          <SearchBox className="mb-3" />
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass}>
                  {link.text}
                </NavLink>
              </li>
            ))}
          </ul>
        </MobileMenu>
      </div>
    </NavBar>
  );
}
