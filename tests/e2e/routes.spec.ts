import type { Page } from '@playwright/test';
import { INTRO_POST_PATH } from '#src/shared/brand.ts';
import { label, loaderText } from '#src/shared/messages.ts';
import { routeTable } from '#src/web/app/route-table.ts';
import { expect, signInAs, test } from './fixtures.ts';

// spec 2's route table, row by row, for a guest, a user and an admin (spec 6: admin means the role
// contains 'admin'). The expectations are written from the spec, not read from the app's table.

type Who = 'guest' | 'user' | 'admin';
type Destination = (path: string) => string;

const stays: Destination = (path) => path;
const withoutSlash: Destination = (path) => path.replace(/\/+$/, '');
const to =
  (target: string): Destination =>
  () =>
    target;

interface Row {
  row: string;
  paths: string[];
  lands: Record<Who, Destination>;
}

const staticPages = [
  '/features',
  '/integrations',
  '/pricing',
  '/changelog',
  '/roadmap',
  '/docs',
  '/docs/api',
  '/guides',
  '/blog',
  INTRO_POST_PATH,
  '/blog/ai-productivity',
  '/blog/flat-pricing',
  '/community',
  '/about',
  '/careers',
  '/contact',
  '/privacy',
  '/terms',
];

const rows: Row[] = [
  { row: '/ is for guests only', paths: ['/'], lands: { guest: stays, user: to('/dashboard'), admin: to('/dashboard') } },
  { row: '/login redirects to /', paths: ['/login'], lands: { guest: to('/'), user: to('/dashboard'), admin: to('/dashboard') } },
  {
    row: 'the account screens are for guests only',
    paths: ['/register', '/forgot-password'],
    lands: { guest: stays, user: to('/dashboard'), admin: to('/dashboard') },
  },
  // Without the email passed along, verify goes to /register and reset to /forgot-password (spec 2).
  {
    row: '/verify-email is for guests only',
    paths: ['/verify-email'],
    lands: { guest: to('/register'), user: to('/dashboard'), admin: to('/dashboard') },
  },
  {
    row: '/reset-password is for guests only',
    paths: ['/reset-password'],
    lands: { guest: to('/forgot-password'), user: to('/dashboard'), admin: to('/dashboard') },
  },
  {
    row: 'protected routes need a signed-in user',
    paths: ['/dashboard', '/profile', '/ai-mode', '/calendar'],
    lands: { guest: to('/register'), user: stays, admin: stays },
  },
  { row: '/admin needs an admin', paths: ['/admin'], lands: { guest: to('/register'), user: to('/dashboard'), admin: stays } },
  // The spec leaves these open; they are signed-in pages of the app shell here.
  {
    row: '/profile-settings and the app shell links need a signed-in user',
    paths: ['/profile-settings', '/zoom-meeting', '/whiteboard', '/apps', '/apps/github', '/apps/slack-import'],
    lands: { guest: to('/register'), user: stays, admin: stays },
  },
  // Clients and the client portal (a user who is nobody's guest sees the portal's "no portal" line).
  {
    row: 'the clients pages and the portal need a signed-in user',
    paths: ['/clients', '/portal'],
    lands: { guest: to('/register'), user: stays, admin: stays },
  },
  // A campaign email's unsubscribe link works for whoever holds it, signed in or not.
  {
    row: 'the campaign unsubscribe page is open to everyone',
    paths: ['/unsubscribe-updates'],
    lands: { guest: stays, user: stays, admin: stays },
  },
  // Product rules A3: only an applicant waiting for approval stays on the list page.
  {
    row: '/on-the-list is for applicants only',
    paths: ['/on-the-list'],
    lands: { guest: to('/register'), user: to('/dashboard'), admin: to('/dashboard') },
  },
  { row: 'the static pages are public', paths: staticPages, lands: { guest: stays, user: stays, admin: stays } },
  // The server sends a trailing slash to the path without one (one address per page).
  {
    row: 'a trailing slash redirects to the path without',
    paths: ['/features/', '/docs/api/'],
    lands: { guest: withoutSlash, user: withoutSlash, admin: withoutSlash },
  },
  {
    row: 'any other path redirects to /',
    paths: ['/no-such-page', '/blog/no-such-post', '/admin/settings', '/pricing.html', '/dashboard/extra'],
    lands: { guest: to('/'), user: to('/dashboard'), admin: to('/dashboard') },
  },
];

function titleOf(path: string): string {
  const entry = routeTable.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`No route ${path}`);
  return entry.title;
}

async function expectLanding(page: Page, path: string, expected: string) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/current-user');
  await page.goto(path);
  await answered;
  await expect(page, `${path} should land on ${expected}`).toHaveURL((url) => url.pathname === expected);
  // The page itself rendered (its title is set once its route is on screen), not only the address.
  await expect(page).toHaveTitle(titleOf(expected));
}

const someone: Record<Who, string> = { guest: 'a guest', user: 'a user', admin: 'an admin' };

for (const who of ['guest', 'user', 'admin'] as const) {
  test.describe(`as ${someone[who]}`, () => {
    for (const { row, paths, lands } of rows) {
      test(row, async ({ page, accounts }) => {
        // A row may visit all 18 public pages; a busy 2-core machine needs more than the default 30 s.
        test.setTimeout(60_000 + paths.length * 10_000);
        if (who !== 'guest') await signInAs(page, await accounts.create({ role: who }));
        for (const path of paths) await expectLanding(page, path, lands[who](path));
        // /login opens the Sign In dialog on the landing page for a guest (product rules D1).
        if (row.startsWith('/login') && who === 'guest') await expect(page.getByRole('dialog', { name: label.signIn })).toBeVisible();
      });
    }
  });
}

test('the admin route shows the route guard loader while access is checked', async ({ page }) => {
  await page.route('**/api/current-user', () => undefined);
  await page.goto('/admin');
  await expect(page.getByText(loaderText.verifyingAccess)).toBeVisible();
});
