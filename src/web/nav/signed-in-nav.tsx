import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Link, NavLink } from '#src/web/routing/links.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { label, navCopy } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { Logo } from '#src/web/ui/logo.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '#src/web/ui/menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { mobileLinkClass, NavBar, navLinkClass } from './nav-bar.tsx';

// spec 2: signed in — logo, ADMIN badge and Admin Panel for admins only, Dashboard, Profile, the search
// box, avatar and name, and the settings dropdown (Profile & Settings, Admin Panel, Sign Out to /).
export default function SignedInNav({ user }: { user: PublicUser }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const admin = isAdmin(user);
  const links = [
    { to: '/dashboard', text: label.dashboard },
    ...(admin ? [{ to: '/admin', text: label.adminPanel }] : []),
    { to: '/profile', text: label.profile },
  ];

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
        {/* ui/menu renders in place, not in a portal, so the menu stays inside the navigation landmark. */}
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
