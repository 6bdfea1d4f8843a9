import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverError } from '#src/shared/messages.ts';

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

// The built web app: hashed assets cached for a year, prerendered pages as HTML, every other
// path the app shell (the client router decides, and sends unknown paths to /).
export async function registerStaticFiles(app: FastifyInstance, root: string) {
  const hasBuild = existsSync(join(root, 'app.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/compress.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pages = hasBuild ? findPages(root) : new Map<string, string>();

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing file (an old asset hash, a typo) is a 404, never the app shell served as script.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path === '/api' || path.startsWith('/api/') || isFile || (request.method !== 'GET' && request.method !== 'HEAD') || !hasBuild) {
      return reply.code(404).send({ error: serverError.notFound });
    }
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(pages.get(normalised) ?? 'app.html');
  });
}
