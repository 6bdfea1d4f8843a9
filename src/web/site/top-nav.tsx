import { lazy, Suspense } from 'react';
import { Link } from '#src/web/routing/links.tsx';
import { label, loaderText } from '#src/shared/messages.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { Logo } from '#src/web/ui/logo.tsx';
import { Spinner } from '#src/web/ui/spinner.tsx';
import { MobileMenu } from '#src/web/ui/mobile-menu.tsx';
import { mobileLinkClass, NavBar, navLinkClass } from '#src/web/ui/nav-bar.tsx';

// The signed-in bar brings the dropdown menu's code; visitors never download it.
const SignedInNav = lazy(() => import('./signed-in-nav.tsx'));

// spec 2: the landing page's anchors.
const anchors = [
  { to: '/#features', text: label.features },
  { to: '/#testimonials', text: label.testimonials },
  { to: '/#pricing', text: label.pricing },
];

// spec 2: while auth is loading, a bar with a spinner and 'Loading...'.
function LoadingNav() {
  return (
    <NavBar>
      <Logo />
      <div className="ml-auto flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner size="sm" decorative className="text-accent-600" />
        {loaderText.loading}
      </div>
    </NavBar>
  );
}

// The same anchors in the bar (wide screens) and in the menu (small ones).
function AnchorLinks({ listClass, linkClass }: { listClass: string; linkClass: string }) {
  return (
    <ul className={listClass}>
      {anchors.map((anchor) => (
        <li key={anchor.to}>
          <Link to={anchor.to} className={linkClass}>
            {anchor.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

// spec 2: signed out — logo, the anchors, Sign In (to /login) and Get Started (to /register).
function SignedOutNav() {
  return (
    <NavBar>
      <Logo />
      <AnchorLinks listClass="ml-6 hidden items-center gap-1 md:flex" linkClass={navLinkClass} />
      <div className="ml-auto hidden items-center gap-2 md:flex">
        <Link to="/login" className={navLinkClass}>
          {label.signIn}
        </Link>
        <Link to="/register" className={buttonClass('primary')}>
          {label.getStarted}
        </Link>
      </div>
      <div className="ml-auto md:hidden">
        <MobileMenu>
          <AnchorLinks listClass="space-y-1" linkClass={mobileLinkClass} />
          <div className="mt-3 grid gap-2 border-t border-slate-200 pt-4">
            <Link to="/login" className={buttonClass('secondary')}>
              {label.signIn}
            </Link>
            <Link to="/register" className={buttonClass('primary')}>
              {label.getStarted}
            </Link>
          </div>
        </MobileMenu>
      </div>
    </NavBar>
  );
}

// spec 2: the top navigation bar of the public site; the account screens have none (AuthLayout).
export function TopNav() {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingNav />;
  if (status === 'authenticated' && user) {
    return (
      <Suspense fallback={<LoadingNav />}>
        <SignedInNav user={user} />
      </Suspense>
    );
  }
  return <SignedOutNav />;
}
