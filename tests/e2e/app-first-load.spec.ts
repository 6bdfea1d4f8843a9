import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The busiest app pages show their data before the form library (zod and react-hook-form, about 36 KB
// gzipped) is fetched: their dialogs load once the page is idle. A static import of a dialog, or of
// anything else that uses the forms, from the shell or one of these pages brings it back into the
// first load. Read from the build the server serves: a chunk's static imports are fetched before it runs.
const ASSETS = 'dist/web/assets';
const PAGES = ['app-layout', 'board-page', 'chat-page', 'docs-page', 'dashboard-page', 'calendar-page', 'clients-page'];

const chunks = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
const source = (name: string) => readFileSync(join(ASSETS, name), 'utf8');
const staticImports = (name: string) => [...source(name).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);

function firstLoadOf(chunk: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    staticImports(name).forEach(visit);
  };
  visit(chunk);
  return seen;
}

for (const page of PAGES)
  test(`${page} loads no form code before the page is idle`, () => {
    // The marketing site's docs page shares the app's chunk name: both are held to it.
    const pageChunks = chunks.filter((name) => name.startsWith(`${page}-`));
    expect(pageChunks, `${page} in ${ASSETS}`).not.toEqual([]);
    for (const chunk of pageChunks) {
      const loaded = firstLoadOf(chunk);
      // The check itself: the chunks' imports were followed (every page uses React from the entry).
      expect([...loaded].some((name) => name.startsWith('index-'))).toBe(true);
      expect([...loaded].filter((name) => source(name).includes('ZodError'))).toEqual([]);
    }
  });

// ProseMirror's model (with Tiptap, Yjs and Hocuspocus, most of the Docs code) loads with the editor,
// which the page tree does not wait for.
test('the docs page tree loads no editor code', () => {
  const prosemirror = (name: string) => source(name).includes('contentMatchAt');
  for (const chunk of chunks.filter((name) => name.startsWith('docs-page-')))
    expect([...firstLoadOf(chunk)].filter(prosemirror)).toEqual([]);
  const editor = chunks.find((name) => name.startsWith('page-editor-'));
  expect([...firstLoadOf(editor!)].some(prosemirror)).toBe(true);
});

test('the form code is a chunk of its own that the deferred dialogs load', () => {
  const forms = chunks.filter((name) => source(name).includes('ZodError'));
  expect(forms.length).toBeGreaterThan(0);
  const dialog = chunks.find((name) => name.startsWith('add-client-dialog-'));
  expect([...firstLoadOf(dialog!)].filter((name) => forms.includes(name))).not.toEqual([]);
});
