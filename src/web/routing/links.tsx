import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { hrefOf, type NavigateOptions, type To } from './history.ts';
import { useLocation, useNavigate } from './router-context.tsx';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

// A real link (it works without JavaScript, opens in a new tab on a modified click); a plain click
// moves inside the app without reloading it.
export function Link({ to, replace, state, onClick, target, children, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    void navigate(to, { replace, state });
  };
  return (
    <a {...anchor} href={hrefOf(to)} target={target} onClick={follow}>
      {children}
    </a>
  );
}

// A link that says so when it leads to the page being shown.
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  return <Link {...props} aria-current={pathname === hrefOf(props.to) ? 'page' : undefined} />;
}

// Navigates as soon as it is shown (redirects in guards and old paths).
export function Navigate({ to, ...options }: NavigateOptions & { to: To }) {
  const navigate = useNavigate();
  // A redirect happens once, when shown, to where it first pointed, whatever its props become.
  const first = useRef({ to, options });
  useEffect(() => {
    void navigate(first.current.to, first.current.options);
  }, [navigate]);
  return null;
}
