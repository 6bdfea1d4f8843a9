import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quickAddUi } from '#src/shared/ai/messages.ts';
import { searchCopy } from '#src/shared/search/messages.ts';
import type { WorkspaceMember, WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { fakeApi, type Reply } from '../../../tests/support/fake-api.ts';
import SearchPalette from './search-palette.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const workspace: WorkspaceSummary = { id: 'w1', name: 'Studio', role: 'member', memberCount: 2, createdAt: '2026-01-01T00:00:00.000Z' };
const ben: WorkspaceMember = {
  userId: '00000000-0000-4000-8000-00000000000b',
  name: 'Ben Okafor',
  email: 'ben@example.com',
  role: 'member',
  joinedAt: '2026-01-01T00:00:00.000Z',
  picture: null,
};
const created = { id: 't9', title: 'Fix login bug' };

function renderPalette() {
  const history = memoryHistory('/dashboard');
  render(
    <RouterProvider history={history}>
      <QueryProvider>
        <SearchPalette open initialText="" onClose={() => undefined} />
      </QueryProvider>
    </RouterProvider>,
  );
  return history;
}

const routes: Record<string, Reply> = {
  'GET /api/workspaces': [200, { workspaces: [workspace], currentId: 'w1' }],
  'GET /api/workspaces/w1': [200, { workspace, members: [ben], invitations: [] }],
  'GET /api/workspaces/w1/projects': [200, { projects: [] }],
  'POST /api/workspaces/w1/tasks': [201, { task: created }],
};

describe('quick add in the palette', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers "Create task" first for a quick-add line, with its parts marked, and Enter creates it and opens it', async () => {
    const api = fakeApi({ ...routes });
    const history = renderPalette();
    const user = userEvent.setup();
    // The members arrive before typing, so @ben is recognised.
    await vi.waitFor(() => expect(api.called('GET /api/workspaces/w1')).toHaveLength(1));
    await user.type(screen.getByRole('combobox', { name: searchCopy.palette }), 'Fix login bug tomorrow @ben #bugs !high');
    const option = await screen.findByTestId('palette-quick-add');
    expect(option).toHaveTextContent(searchCopy.createTask);
    expect(option).toHaveTextContent(searchCopy.createIn('Studio'));
    const marks = [...option.querySelectorAll('mark')].map((mark) => [mark.title, mark.textContent]);
    expect(marks).toEqual([
      [quickAddUi.kinds.date, 'tomorrow'],
      [quickAddUi.kinds.assignee, '@ben'],
      [quickAddUi.kinds.label, '#bugs'],
      [quickAddUi.kinds.priority, '!high'],
    ]);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(api.called('POST /api/workspaces/w1/tasks')).toHaveLength(1));
    expect(api.called('POST /api/workspaces/w1/tasks')[0]!.body).toMatchObject({
      title: 'Fix login bug',
      assigneeId: ben.userId,
      priority: 'high',
      labels: ['bugs'],
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await vi.waitFor(() => expect(history.location().search).toBe('?workspace=w1&task=t9'));
    expect(history.location().pathname).toBe('/board');
  });

  it('leaves plain words to search, and offers them as a task only when nothing matches', async () => {
    const hit = {
      kind: 'task',
      id: 't1',
      taskId: 't1',
      taskKey: 'STU-1',
      clientId: null,
      workspaceId: 'w1',
      workspaceName: 'Studio',
      title: [{ text: 'Pelican', match: true }],
      snippet: [],
      message: null,
    };
    const api = fakeApi({
      ...routes,
      'GET /api/search?q=pelican': [200, { hits: [hit] }],
      'GET /api/search?q=Write+the+launch+notes': [200, { hits: [] }],
    });
    renderPalette();
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: searchCopy.palette });
    await user.type(field, 'pelican');
    await vi.waitFor(() => expect(api.called('GET /api/search?q=pelican')).toHaveLength(1));
    expect(await screen.findByText(searchCopy.results(1))).toBeInTheDocument();
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByTestId('palette-quick-add')).toBeNull();

    await user.clear(field);
    await user.type(field, 'Write the launch notes');
    expect(await screen.findByTestId('palette-quick-add')).toHaveTextContent('Write the launch notes');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
  });

  it("opens a client found by name on its page, and a project on its client's", async () => {
    const client = {
      kind: 'client',
      id: 'c1',
      taskId: null,
      taskKey: null,
      clientId: 'c1',
      workspaceId: 'w1',
      workspaceName: 'Studio',
      title: [{ text: 'Acme', match: true }],
      snippet: [{ text: 'Acme Corporation', match: false }],
      message: null,
    };
    const project = { ...client, kind: 'project', id: 'p1', title: [{ text: 'Acme relaunch', match: false }] };
    fakeApi({ ...routes, 'GET /api/search?q=acme': [200, { hits: [client, project] }] });
    const history = renderPalette();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: searchCopy.palette }), 'acme');
    const options = await within(screen.getByRole('listbox')).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `${searchCopy.kind.client}AcmeStudioAcme Corporation`,
      `${searchCopy.kind.project}Acme relaunchStudioAcme Corporation`,
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    await vi.waitFor(() => expect(history.location().pathname).toBe('/clients/c1'));
  });
});
