import { label } from '#src/shared/messages.ts';
import { isAdmin, type PublicUser } from '#src/shared/user.ts';

// spec 2: the signed-in bar's links — Dashboard, Admin Panel (admins only), Profile — wherever they show.
export function signedInLinks(user: PublicUser): Array<{ to: string; text: string }> {
  return [
    { to: '/dashboard', text: label.dashboard },
    ...(isAdmin(user) ? [{ to: '/admin', text: label.adminPanel }] : []),
    { to: '/profile', text: label.profile },
  ];
}
