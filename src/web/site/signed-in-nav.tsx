import { Link } from '#src/web/routing/links.tsx';
import { isAdmin, type PublicUser } from '#src/shared/accounts/user.ts';
import { AdminBadge } from '#src/web/ui/admin-badge.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { SearchBox } from '#src/web/ui/search-box.tsx';
import { Logo } from '#src/web/ui/logo.tsx';
import { MobileMenu } from '#src/web/ui/mobile-menu.tsx';
import { mobileLinkClass, NavBar, navLinkClass } from '#src/web/ui/nav-bar.tsx';
import { SettingsMenu } from '#src/web/ui/settings-menu.tsx';
import { SignedInLinkItems } from '#src/web/ui/signed-in-links.tsx';

// spec 2: signed in — logo, ADMIN badge and Admin Panel for admins only, Dashboard, Profile, the search
// box, avatar and name, and the settings dropdown (Profile & Settings, Admin Panel, Sign Out to /).
export default function SignedInNav({ user }: { user: PublicUser }) {
  return (
    <NavBar>
      <Logo to="/dashboard" />
      {isAdmin(user) ? <AdminBadge /> : null}
      <ul className="hidden items-center gap-1 md:flex">
        <SignedInLinkItems user={user} className={navLinkClass} />
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
            <SignedInLinkItems user={user} className={mobileLinkClass} />
          </ul>
        </MobileMenu>
      </div>
    </NavBar>
  );
}
