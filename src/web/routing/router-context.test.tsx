import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryHistory, type History, type Location, type MemoryHistory } from './history.ts';
import { Link } from './links.tsx';
import { RouterProvider, useLocation } from './router-context.tsx';

// A page per address: its path as the heading, links to the other pages, and a section to land on.
function Pages() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <Link to="/slow">slow</Link>
      <Link to="/fast">fast</Link>
      <Link to="/broken">broken</Link>
      <Link to="/next">next</Link>
      <Link to="/next#details">details</Link>
      <h2 id="details">Details</h2>
    </>
  );
}

// Route code that arrives when the test says so.
function controlledLoading() {
  const loads = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const prepare = (location: Location) => new Promise<void>((resolve, reject) => loads.set(location.pathname, { resolve, reject }));
  const settle = (pathname: string, outcome: 'loads' | 'fails') =>
    act(async () => {
      const load = loads.get(pathname)!;
      if (outcome === 'loads') load.resolve();
      else load.reject(new Error('Failed to fetch dynamically imported module'));
      // The router's reaction is a few promise steps away: let them all run.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { prepare, settle };
}

function renderRouter(history: History, options: { prepare?: (location: Location) => Promise<unknown>; scroll?: boolean } = {}) {
  render(
    <RouterProvider history={history} {...options}>
      <Pages />
    </RouterProvider>,
  );
}

const shown = () => screen.getByRole('heading', { level: 1 }).textContent;
// The page for a path, once it is on screen (a navigation renders in a transition).
const showing = (path: string) => screen.findByRole('heading', { level: 1, name: path });
const paths = (history: MemoryHistory) => history.entries().map((entry) => entry.pathname);

describe('a navigation waits for its code', () => {
  it('keeps the current page until the next page can render, then changes page and address together', async () => {
    const history = memoryHistory('/start');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'slow' }));
    expect(shown()).toBe('/start');
    expect(history.location().pathname).toBe('/start');
    await settle('/slow', 'loads');
    expect(shown()).toBe('/slow');
    expect(paths(history)).toEqual(['/start', '/slow']);
  });

  it('lets a newer navigation win over an older one whose code is still loading', async () => {
    const history = memoryHistory('/start');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'slow' }));
    await userEvent.click(screen.getByRole('link', { name: 'fast' }));
    await settle('/fast', 'loads');
    expect(shown()).toBe('/fast');
    // The older one arrives late and changes nothing: not the page, not the history.
    await settle('/slow', 'loads');
    expect(shown()).toBe('/fast');
    expect(paths(history)).toEqual(['/start', '/fast']);
  });

  it('drops an older navigation that finishes first, and shows the newer one when it is ready', async () => {
    const history = memoryHistory('/start');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'slow' }));
    await userEvent.click(screen.getByRole('link', { name: 'fast' }));
    await settle('/slow', 'loads');
    expect(shown()).toBe('/start');
    expect(paths(history)).toEqual(['/start']);
    await settle('/fast', 'loads');
    expect(shown()).toBe('/fast');
  });
});

describe('a page whose code cannot be fetched', () => {
  it('is loaded afresh by the browser at its own address', async () => {
    const history = memoryHistory('/start');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'broken' }));
    await settle('/broken', 'fails');
    expect(history.reloads).toBe(1);
    expect(history.location().pathname).toBe('/broken');
    // The page that could not load is never drawn with the old page's code.
    expect(shown()).toBe('/start');
  });

  it('reloads on Back too, where the browser has already moved the address', async () => {
    const history = memoryHistory('/broken');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    await settle('/next', 'loads');
    act(() => history.go(-1));
    await settle('/broken', 'fails');
    expect(history.reloads).toBe(1);
    expect(paths(history)).toEqual(['/broken', '/next']);
    expect(history.location().pathname).toBe('/broken');
  });

  it('does not reload when a newer navigation has taken its place', async () => {
    const history = memoryHistory('/start');
    const { prepare, settle } = controlledLoading();
    renderRouter(history, { prepare });
    await userEvent.click(screen.getByRole('link', { name: 'broken' }));
    await userEvent.click(screen.getByRole('link', { name: 'fast' }));
    await settle('/broken', 'fails');
    await settle('/fast', 'loads');
    expect(history.reloads).toBe(0);
    expect(shown()).toBe('/fast');
    expect(paths(history)).toEqual(['/start', '/fast']);
  });
});

describe('scroll memory', () => {
  // jsdom lays nothing out: the window's scroll position is a number the test moves.
  let scrollY = 0;
  let scrolledInto: string[] = [];
  beforeEach(() => {
    scrollY = 0;
    scrolledInto = [];
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      scrollY = options.top ?? 0;
    }) as typeof window.scrollTo);
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledInto.push(this.id);
    };
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('opens a new page at the top, and Back and forward return to where the reader was on each', async () => {
    const history = memoryHistory('/start');
    renderRouter(history, { scroll: true });
    scrollY = 600;
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    await showing('/next');
    expect(scrollY).toBe(0);

    scrollY = 250;
    act(() => history.go(-1));
    await showing('/start');
    expect(scrollY).toBe(600);

    act(() => history.go(1));
    await showing('/next');
    expect(scrollY).toBe(250);
  });

  it('opens a link with a hash at the element it names', async () => {
    renderRouter(memoryHistory('/start'), { scroll: true });
    scrollY = 300;
    await userEvent.click(screen.getByRole('link', { name: 'details' }));
    await showing('/next');
    expect(scrolledInto).toEqual(['details']);
  });

  it('remembers per history entry: a second visit to the same page is a new entry and starts at the top', async () => {
    const history = memoryHistory('/next');
    renderRouter(history, { scroll: true });
    scrollY = 500;
    await userEvent.click(screen.getByRole('link', { name: 'slow' }));
    await showing('/slow');
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    await showing('/next');
    expect(scrollY).toBe(0);
    expect(new Set(history.entries().map((entry) => entry.key)).size).toBe(3);
  });

  it('returns to the reader’s position after a reload of the tab', async () => {
    window.history.replaceState(null, '', '/features');
    // The page as first loaded: the reader scrolls, then reloads (the page is hidden and its modules gone).
    const before = await freshRouterModules();
    before.startScrollMemory();
    const first = render(
      <before.RouterProvider history={before.browserHistory()} scroll>
        <FreshPage router={before} />
      </before.RouterProvider>,
    );
    scrollY = 400;
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();

    scrollY = 0;
    const after = await freshRouterModules();
    render(
      <after.RouterProvider history={after.browserHistory()} scroll>
        <FreshPage router={after} />
      </after.RouterProvider>,
    );
    await showing('/features');
    expect(scrollY).toBe(400);
  });
});

// The router's modules as a reloaded page gets them: nothing remembered in memory, only in the tab's storage.
async function freshRouterModules() {
  vi.resetModules();
  const [context, history, memory] = await Promise.all([
    import('./router-context.tsx'),
    import('./history.ts'),
    import('./scroll-memory.ts'),
  ]);
  return { ...context, ...history, ...memory };
}

function FreshPage({ router }: { router: Awaited<ReturnType<typeof freshRouterModules>> }) {
  return <h1>{router.useLocation().pathname}</h1>;
}
