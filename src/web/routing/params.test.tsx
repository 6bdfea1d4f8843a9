import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryHistory } from './history.ts';
import { routeMatcher } from './match-path.ts';
import { ParamsProvider, useParams, useSearchParams } from './params.tsx';
import { RouterProvider, useLocation } from './router-context.tsx';

// A miniature app as src/web/app/router.tsx builds it: the matched row's params around the page.
const findRoute = routeMatcher([{ path: '/tasks/new' }, { path: '/w/:workspaceId/tasks/:taskId' }]);

function TaskPage() {
  const { workspaceId, taskId } = useParams<'workspaceId' | 'taskId'>();
  return (
    <h1>
      Task {taskId} in {workspaceId}
    </h1>
  );
}

function App() {
  const match = findRoute(useLocation().pathname);
  if (!match) return <h1>Not found</h1>;
  if (match.route.path === '/tasks/new') return <h1>New task</h1>;
  return (
    <ParamsProvider params={match.params}>
      <TaskPage />
    </ParamsProvider>
  );
}

const renderAt = (path: string) =>
  render(
    <RouterProvider history={memoryHistory(path)}>
      <App />
    </RouterProvider>,
  );

describe('useParams', () => {
  it('gives the page the decoded segments of its address', () => {
    renderAt('/w/acme%20studio/tasks/caf%C3%A9');
    expect(screen.getByRole('heading')).toHaveTextContent('Task café in acme studio');
  });

  it('matches with a trailing slash, and a fixed row before a pattern', () => {
    renderAt('/w/acme/tasks/7/');
    expect(screen.getByRole('heading')).toHaveTextContent('Task 7 in acme');
    renderAt('/tasks/new');
    expect(screen.getByRole('heading', { name: 'New task' })).toBeInTheDocument();
  });

  it('matches nothing for a malformed segment or a missing one', () => {
    renderAt('/w/acme/tasks/%E0%A4%A');
    renderAt('/w/acme/tasks/');
    expect(screen.getAllByRole('heading', { name: 'Not found' })).toHaveLength(2);
  });
});

// A board filter: the status in the address, buttons that change it.
function Board() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  return (
    <>
      <h1>
        {pathname}: {params.get('status') ?? 'all'}
      </h1>
      <button type="button" onClick={() => setParams({ status: 'done', owner: 'ada' })}>
        Done by Ada
      </button>
      <button type="button" onClick={() => setParams('status=open', { replace: true })}>
        Open instead
      </button>
      <button type="button" onClick={() => setParams(new URLSearchParams())}>
        All
      </button>
    </>
  );
}

describe('useSearchParams', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the query and moves to the same page with a new one, in a new history entry unless replace', async () => {
    const history = memoryHistory('/board?status=todo');
    render(
      <RouterProvider history={history}>
        <Board />
      </RouterProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('/board: todo');

    await userEvent.click(screen.getByRole('button', { name: 'Done by Ada' }));
    await screen.findByRole('heading', { name: '/board: done' });
    expect(history.location().search).toBe('?status=done&owner=ada');
    expect(history.entries()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Open instead' }));
    await screen.findByRole('heading', { name: '/board: open' });
    expect(history.location().search).toBe('?status=open');
    expect(history.entries()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByRole('heading', { name: '/board: all' });
    expect(history.location().search).toBe('');

    act(() => history.go(-1));
    expect(await screen.findByRole('heading', { name: '/board: open' })).toBeInTheDocument();
  });

  it('leaves the page where the reader scrolled it', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <RouterProvider history={memoryHistory('/board')} scroll>
        <Board />
      </RouterProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done by Ada' }));
    await screen.findByRole('heading', { name: '/board: done' });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
