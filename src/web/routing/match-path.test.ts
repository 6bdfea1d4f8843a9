import { describe, expect, it } from 'vitest';
import { hasParams, matchPath, routeMatcher, trimTrailingSlash } from './match-path.ts';

describe('matchPath', () => {
  it('matches a fixed path exactly, with or without a trailing slash', () => {
    expect(matchPath('/about', '/about')).toEqual({});
    expect(matchPath('/about', '/about/')).toEqual({});
    expect(matchPath('/about', '/about//')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/about', '/About')).toBeNull();
    expect(matchPath('/about', '/about/team')).toBeNull();
    expect(matchPath('/docs/api', '/docs')).toBeNull();
  });

  it('gives each :name segment its decoded value', () => {
    expect(matchPath('/invitations/:token', '/invitations/abc123')).toEqual({ token: 'abc123' });
    expect(matchPath('/invitations/:token', '/invitations/abc123/')).toEqual({ token: 'abc123' });
    expect(matchPath('/w/:workspaceId/tasks/:taskId', '/w/acme/tasks/42')).toEqual({ workspaceId: 'acme', taskId: '42' });
  });

  it('decodes percent-encoded segments, an encoded slash included, without splitting on it', () => {
    expect(matchPath('/tasks/:taskId', '/tasks/caf%C3%A9%20au%20lait')).toEqual({ taskId: 'café au lait' });
    expect(matchPath('/tasks/:taskId', '/tasks/a%2Fb')).toEqual({ taskId: 'a/b' });
    expect(matchPath('/tasks/:taskId', '/tasks/a/b')).toBeNull();
  });

  it('matches nothing for a malformed encoding or a missing segment', () => {
    expect(matchPath('/tasks/:taskId', '/tasks/%E0%A4%A')).toBeNull();
    expect(matchPath('/tasks/:taskId', '/tasks/')).toBeNull();
    expect(matchPath('/tasks/:taskId', '/tasks')).toBeNull();
    expect(matchPath('/w/:workspaceId/tasks', '/w//tasks')).toBeNull();
  });
});

describe('routeMatcher', () => {
  const find = routeMatcher([
    { path: '/tasks/:taskId', name: 'task' },
    { path: '/tasks/new', name: 'new task' },
    { path: '/:page', name: 'any page' },
    { path: '/about', name: 'about' },
  ]);

  it('prefers a fixed path to a pattern, then keeps the table order', () => {
    expect(find('/tasks/new')?.route.name).toBe('new task');
    expect(find('/tasks/7')).toEqual({ route: { path: '/tasks/:taskId', name: 'task' }, params: { taskId: '7' } });
    expect(find('/about/')?.route.name).toBe('about');
    expect(find('/pricing')).toEqual({ route: { path: '/:page', name: 'any page' }, params: { page: 'pricing' } });
  });

  it('finds nothing for a path no row fits', () => {
    expect(find('/tasks/7/comments')).toBeUndefined();
    expect(find('/')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('trims trailing slashes but keeps the root', () => {
    expect(trimTrailingSlash('/blog/')).toBe('/blog');
    expect(trimTrailingSlash('/')).toBe('/');
    expect(trimTrailingSlash('//')).toBe('/');
  });

  it('tells a pattern from a fixed path', () => {
    expect(hasParams('/invitations/:token')).toBe(true);
    expect(hasParams('/blog/flat-pricing')).toBe(false);
  });
});
