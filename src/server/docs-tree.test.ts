import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is where a newcomer learns the layout; a folder it does not name is a folder
// nobody will know the purpose of. Each top-level folder of these trees must appear in its tree.
const TREES = ['src/shared', 'src/server', 'src/web'];

const folders = (root: string) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const tree = doc.slice(doc.indexOf('## The tree'), doc.indexOf('## One alias'));

  it.each(TREES)('names every folder of %s in its tree', (root) => {
    const missing = folders(root).filter((name) => !new RegExp(`(^|[\\s(])${name}/`, 'm').test(tree));
    expect(missing, `add these folders of ${root} to the tree in docs/architecture.md`).toEqual([]);
  });
});
