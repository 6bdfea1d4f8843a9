import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '#src/shared/clients/paths.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { quickAddUi } from '#src/shared/ai/messages.ts';
import type { Comment } from '#src/shared/tasks/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { groupProjects } from '#src/web/lib/use-projects.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { renderNewTaskDialog } from './test-fixtures.tsx';
import { TaskComments } from './task-comments.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('#src/web/lib/session.tsx', () => ({ useSession: () => ({ user: { id: 'u-ada' } }) }));

const project = (id: string, name: string, clientId: string, clientName: string): Project => ({
  id,
  workspaceId: 'w1',
  clientId,
  clientName,
  name,
  status: 'Active',
  value: null,
  startDate: null,
  endDate: null,
});
// Ids are uuids, as the schemas require.
const ids = {
  globexSite: '00000000-0000-4000-8000-0000000000a1',
  acmeSite: '00000000-0000-4000-8000-0000000000a2',
  acmeAudit: '00000000-0000-4000-8000-0000000000a3',
};
// Two clients with a project of the same name: the picker groups them so they can be told apart.
const list = [
  project(ids.globexSite, 'Website', 'c-globex', 'Globex'),
  project(ids.acmeSite, 'Website', 'c-acme', 'Acme'),
  project(ids.acmeAudit, 'Audit', 'c-acme', 'Acme'),
];
const projects = { list, groups: groupProjects(list), clientOf: new Map(list.map((one) => [one.id, one.clientId])) };
const renderDialog = () => renderNewTaskDialog(projects);

describe('a task’s project', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is picked from the workspace’s projects grouped by client, and only then can the task be shared', async () => {
    const api = fakeApi({
      'POST /api/workspaces/w1/tasks': (body) => [201, { task: { ...(body as object), id: 't1', title: 'Draft copy' } }],
    });
    const user = userEvent.setup();
    const dialog = renderDialog();
    const picker = within(dialog).getByLabelText(boardUi.projectLabel);
    // The projects are put in the select when the person reaches for it.
    expect(picker.querySelectorAll('optgroup')).toHaveLength(0);
    await user.click(picker);
    const groups = [...picker.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      ['Acme', ['Audit', 'Website']],
      ['Globex', ['Website']],
    ]);
    const shared = within(dialog).getByLabelText(boardUi.sharedLabel);
    expect(shared).toBeDisabled();
    expect(shared).toHaveAccessibleDescription(boardUi.sharedNeedsProject);

    await user.type(within(dialog).getByLabelText(boardUi.titleLabel), 'Draft copy');
    await user.selectOptions(picker, ids.acmeSite);
    await user.click(shared);
    await user.click(within(dialog).getByRole('button', { name: boardUi.create }));
    await vi.waitFor(() => expect(api.called('POST /api/workspaces/w1/tasks')).toHaveLength(1));
    expect(api.called('POST /api/workspaces/w1/tasks')[0]!.body).toMatchObject({
      title: 'Draft copy',
      projectId: ids.acmeSite,
      sharedWithClient: true,
    });
  });

  it('is read from a quick-add line by its name, or its client’s when the client has one open project', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    const quick = within(dialog).getByLabelText(quickAddUi.label);
    await user.type(quick, 'Review the Audit findings');
    expect(within(dialog).getByLabelText(boardUi.projectLabel)).toHaveValue(ids.acmeAudit);
    await user.clear(quick);
    await user.type(quick, 'Call Globex about it');
    expect(within(dialog).getByLabelText(boardUi.projectLabel)).toHaveValue(ids.globexSite);
    const marks = [...within(dialog).getByTestId('quick-add-preview').querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Globex']);
    // Acme has two projects: naming the client leaves the choice to the person.
    await user.clear(quick);
    await user.type(quick, 'Call Acme about it');
    expect(within(dialog).getByLabelText(boardUi.projectLabel)).toHaveValue('');
  });
});

const comment: Comment = {
  id: 'k1',
  workspaceId: 'w1',
  taskId: 't1',
  body: 'Ready for review',
  author: { id: 'u-ada', name: 'Ada' },
  forClient: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  editedAt: null,
};

describe('comments for the client', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());
  const renderComments = (canShareWithClient: boolean) =>
    render(
      <QueryProvider>
        <TaskComments workspaceId="w1" taskId="t1" canShareWithClient={canShareWithClient} />
      </QueryProvider>,
    );

  it('on a shared task, a comment can be marked for the client, and marked ones say so', async () => {
    const api = fakeApi({
      'GET /api/workspaces/w1/tasks/t1/comments': [200, { comments: [comment] }],
      'POST /api/workspaces/w1/tasks/t1/comments': (body) => [201, { comment: { ...comment, id: 'k2', ...(body as object) } }],
    });
    const user = userEvent.setup();
    renderComments(true);
    expect(await screen.findByText(boardUi.forClientBadge)).toBeInTheDocument();
    await user.type(screen.getByLabelText(boardUi.commentLabel), 'Shipped to staging');
    await user.click(screen.getByLabelText(boardUi.forClientLabel));
    await user.click(screen.getByRole('button', { name: boardUi.commentButton }));
    await vi.waitFor(() => expect(api.called('POST /api/workspaces/w1/tasks/t1/comments')).toHaveLength(1));
    expect(api.called('POST /api/workspaces/w1/tasks/t1/comments')[0]!.body).toEqual({ body: 'Shipped to staging', forClient: true });
    // The box clears for the next comment, internal again.
    await vi.waitFor(() => expect(screen.getByLabelText(boardUi.forClientLabel)).not.toBeChecked());
  });

  it('on a task not shared with a client, there is nothing to mark and comments stay internal', async () => {
    const api = fakeApi({
      'GET /api/workspaces/w1/tasks/t1/comments': [200, { comments: [] }],
      'POST /api/workspaces/w1/tasks/t1/comments': (body) => [201, { comment: { ...comment, id: 'k2', ...(body as object) } }],
    });
    const user = userEvent.setup();
    renderComments(false);
    expect(await screen.findByText(boardUi.noComments)).toBeInTheDocument();
    expect(screen.queryByLabelText(boardUi.forClientLabel)).toBeNull();
    await user.type(screen.getByLabelText(boardUi.commentLabel), 'Internal note');
    await user.click(screen.getByRole('button', { name: boardUi.commentButton }));
    await vi.waitFor(() => expect(api.called('POST /api/workspaces/w1/tasks/t1/comments')).toHaveLength(1));
    expect(api.called('POST /api/workspaces/w1/tasks/t1/comments')[0]!.body).toEqual({ body: 'Internal note', forClient: false });
  });
});
