// product rules D8: writes each public page as HTML into dist/web, and the empty app shell as
// dist/web/app.html for the single-page routes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ENTRY_AFTER_PAINT_SCRIPT } from '#src/shared/site/entry-after-paint.ts';
import type * as PrerenderModule from '#src/web/app/prerender.tsx';

const webDir = 'dist/web';
const siteUrl = (process.env.SITE_URL ?? 'https://tessera.app').replace(/\/$/, '');

type Prerender = typeof PrerenderModule;
const { renderPage, prerenderedPaths, appRoutePaths }: Prerender = await import(pathToFileURL(join('dist/prerender/prerender.js')).href);

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const shell = await readFile(join(webDir, 'index.html'), 'utf8');
await writeFile(join(webDir, 'app.html'), shell.replace('<!--head-->', '<meta name="robots" content="noindex" />'));

// A public page is most often someone's first visit, where the stylesheet was one more round trip
// before the first paint, sharing a slow line with the scripts: the page carries it inline instead
// (12 KB gzipped; Lighthouse's mobile LCP, see docs/performance.md). The app shell keeps the file,
// which the browser caches across the signed-in pages.
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const linked = STYLESHEET.exec(shell);
if (!linked) throw new Error('dist/web/index.html links no stylesheet: the Vite build changed');
const css = await readFile(join(webDir, linked[1]!), 'utf8');
if (css.includes('</style')) throw new Error(`${linked[1]} would end its inline <style> early`);
// The app's script is asked for after the first contentful paint (src/shared/site/entry-after-paint.ts).
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const entry = ENTRY.exec(shell);
if (!entry) throw new Error('dist/web/index.html loads no entry script: the Vite build changed');
const template = shell
  .replace(linked[0], () => `<style>${css}</style>`)
  .replace(entry[0], () => `<script data-entry="${entry[1]}">${ENTRY_AFTER_PAINT_SCRIPT}</script>`);
// The server answers these with app.html and redirects every other unknown path to / (static-files.ts).
await writeFile(join(webDir, 'app-routes.json'), JSON.stringify(appRoutePaths));

for (const path of prerenderedPaths) {
  const page = await renderPage(path);
  const url = `${siteUrl}${path === '/' ? '/' : path}`;
  const head = [
    `<meta name="description" content="${escape(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Tessera" />`,
    `<meta property="og:title" content="${escape(page.title)}" />`,
    `<meta property="og:description" content="${escape(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const html = template
    .replace('<!--head-->', head)
    .replace(/<title>.*<\/title>/, `<title>${escape(page.title)}</title>`)
    .replace('<!--app-->', page.html);
  const file = path === '/' ? join(webDir, 'index.html') : join(webDir, path, 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const today = new Date().toISOString().slice(0, 10);
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${prerenderedPaths.map((path) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${today}</lastmod></url>`).join('\n')}
</urlset>
`;
await writeFile(join(webDir, 'sitemap.xml'), sitemap);
await writeFile(join(webDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`);
console.log(`prerendered ${prerenderedPaths.length} pages`);
