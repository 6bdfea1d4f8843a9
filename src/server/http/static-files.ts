import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverError } from '#src/shared/server-messages.ts';

// The build writes the single-page routes of the route table here (scripts/prerender.ts), so the
// server knows them without importing web code: ["/dashboard", "/invitations/:token", ...].
export const APP_ROUTES_FILE = 'app-routes.json';

// Every prerendered page, found once at start: '/features' -> 'features/index.html'.
function findPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'assets') walk(full);
      } else if (name === 'index.html') {
        const rel = relative(root, dir).split(sep).join('/');
        pages.set(rel ? `/${rel}` : '/', rel ? `${rel}/index.html` : 'index.html');
      }
    }
  };
  walk(root);
  return pages;
}

// '/invitations/:token' matches '/invitations/xyz'; every other segment must be equal.
function routeMatcher(routes: readonly string[]): (path: string) => boolean {
  const patterns = routes.map((route) => route.split('/'));
  return (path) => {
    const segments = path.split('/');
    return patterns.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index])),
    );
  };
}

function readAppRoutes(root: string): string[] {
  const file = join(root, APP_ROUTES_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: the web build is incomplete, run npm run build.`);
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

// A browser asking for a page, not a script, an image or an API answer.
function wantsPage(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]+$/i.test(path) || (request.headers.accept ?? '').includes('text/html');
}

// The built web app: hashed assets cached for a year, prerendered pages as HTML, the app shell for the
// single-page routes. spec 2: any other path redirects to /, so no page answers 200 where none exists.
export async function registerStaticFiles(app: FastifyInstance, root: string) {
  const hasBuild = existsSync(join(root, 'app.html'));
  if (!hasBuild) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: serverError.notFound }));
    return;
  }
  // One wildcard route, not a route (GET and HEAD) per built file: about 500 files made 1,000 routes
  // that held 8 MB of an idle server's memory. Files are still looked up under `root` only.
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    dotfiles: 'ignore',
    index: false,
    // The build writes .br and .gz beside each text file (scripts/compress.ts).
    preCompressed: true,
    // Our own Cache-Control below, not send's default max-age=0.
    cacheControl: false,
    setHeaders(reply, path) {
      reply.setHeader('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pages = findPages(root);
  const isAppRoute = routeMatcher(readAppRoutes(root));

  const page = (reply: FastifyReply, file: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);

  // '/' is the build's root directory to the wildcard route, which answers a directory with 403 unless
  // a precompressed index is acceptable: a client taking no compression got 403 for the landing page.
  const landing = pages.get('/');
  if (landing) app.get('/', (_request, reply) => page(reply, landing));

  app.setNotFoundHandler((request, reply) => {
    const [path = '/', query] = request.url.split('?', 2) as [string, string?];
    // A missing file (an old asset hash, a typo in a script URL) or API path is a 404, never a page.
    if (!wantsPage(request, path)) return reply.code(404).send({ error: serverError.notFound });
    // '/about/' is '/about'. Leading slashes collapse too, so '//evil.example/' stays on this site.
    const canonical = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
    if (canonical !== path) return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
    const file = pages.get(path) ?? (isAppRoute(path) ? 'app.html' : null);
    return file ? page(reply, file) : reply.redirect('/', 302);
  });
}
