import { describe, expect, it } from 'vitest';
import { findRoute } from './router.tsx';
import { prerenderedPaths, routeTable } from './route-table.ts';

describe('the route table', () => {
  it('has a prerendered row per blog post, at its exact path, with its title and description', () => {
    const rows = ['/blog/introducing-tessera', '/blog/ai-productivity', '/blog/flat-pricing'].map((path) => {
      const row = routeTable.find((entry) => entry.path === path);
      return [path, row?.title, row?.description, prerenderedPaths.includes(path)];
    });
    expect(rows).toEqual([
      ['/blog/introducing-tessera', 'Introducing Tessera — Tessera', 'Why we built Tessera and what it does for teams.', true],
      ['/blog/ai-productivity', 'AI and team productivity — Tessera', 'How AI task creation saves teams time without taking over.', true],
      ['/blog/flat-pricing', 'Why flat pricing — Tessera', 'Why Tessera charges per team, not per seat.', true],
    ]);
  });

  it('prerenders fixed paths only, each once', () => {
    expect(prerenderedPaths.filter((path) => path.includes(':'))).toEqual([]);
    expect(new Set(prerenderedPaths).size).toBe(prerenderedPaths.length);
    expect(prerenderedPaths).toContain('/');
    expect(prerenderedPaths).not.toContain('/dashboard');
  });
});

describe('findRoute', () => {
  it('finds a row with or without a trailing slash, and nothing for an unknown path', () => {
    expect(findRoute('/blog/flat-pricing/')?.route.title).toBe('Why flat pricing — Tessera');
    expect(findRoute('/about')).toMatchObject({ route: { path: '/about', layout: 'site' }, params: {} });
    expect(findRoute('/blog/no-such-post')).toBeUndefined();
    expect(findRoute('/admin/settings')).toBeUndefined();
    expect(findRoute('/login')).toBeUndefined();
  });
});
