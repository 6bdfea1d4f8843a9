import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { TASK_LABEL_MAX } from '#src/shared/tasks/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { TaskSheet } from './task-sheet.tsx';
import { renderNewTaskDialog } from './test-fixtures.tsx';
import { sampleTask } from '../../../tests/support/sample-tasks.ts';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('#src/web/lib/session.tsx', () => ({ useSession: () => ({ user: { id: 'u-ada' } }) }));

const noProjects = { list: [], groups: [], clientOf: new Map<string, string>() };
const task = sampleTask({ version: 3 });

const renderNewTask = () => renderNewTaskDialog(noProjects);

function renderSheet() {
  render(
    <QueryProvider>
      <TaskSheet workspaceId="w1" task={task} members={[]} projects={[]} dispatch={() => undefined} onClose={() => undefined} />
    </QueryProvider>,
  );
  return screen.getByRole('dialog', { name: boardUi.editTitle });
}

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('the task form', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells each problem under its field, moves the focus to the first and sends nothing', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    const dialog = renderNewTask();
    const labels = within(dialog).getByLabelText(boardUi.labelsLabel);
    await user.type(labels, `ok, ${'x'.repeat(TASK_LABEL_MAX + 1)}`);
    await user.click(within(dialog).getByRole('button', { name: boardUi.create }));
    const title = within(dialog).getByLabelText(boardUi.titleLabel);
    await vi.waitFor(() => expect(title).toHaveAccessibleDescription('Title is required.'));
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(labels).toHaveAccessibleDescription(`${boardUi.labelsHint} Label must be at most ${TASK_LABEL_MAX} characters.`);
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s refusal above the form and keeps what was typed', async () => {
    fakeApi({ 'POST /api/workspaces/w1/tasks': [403, { error: 'Only members of this workspace can do that.' }] });
    const user = userEvent.setup();
    const dialog = renderNewTask();
    const title = within(dialog).getByLabelText(boardUi.titleLabel);
    await user.type(title, 'Write the brief');
    await user.click(within(dialog).getByRole('button', { name: boardUi.create }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only members of this workspace can do that.');
    expect(title).toHaveValue('Write the brief');
  });

  it('in the sheet, saves the checked fields with the version it read', async () => {
    const api = fakeApi({
      'PUT /api/workspaces/w1/tasks/t1': (body) => [200, { task: { ...task, ...(body as object), version: 4 } }],
    });
    const user = userEvent.setup();
    const sheet = renderSheet();
    const title = within(sheet).getByLabelText(boardUi.titleLabel);
    await user.clear(title);
    await user.click(within(sheet).getByRole('button', { name: boardUi.save }));
    await vi.waitFor(() => expect(title).toHaveAccessibleDescription('Title is required.'));
    expect(title).toHaveFocus();
    expect(api.called('PUT /api/workspaces/w1/tasks/t1')).toHaveLength(0);

    await user.type(title, '  Final copy ');
    await user.type(within(sheet).getByLabelText(boardUi.labelsLabel), 'copy, web, copy');
    await user.click(within(sheet).getByRole('button', { name: boardUi.save }));
    await vi.waitFor(() => expect(api.called('PUT /api/workspaces/w1/tasks/t1')).toHaveLength(1));
    expect(api.called('PUT /api/workspaces/w1/tasks/t1')[0]!.body).toMatchObject({
      version: 3,
      title: 'Final copy',
      labels: ['copy', 'web'],
    });
    // The form then shows what was saved.
    await vi.waitFor(() => expect(title).toHaveValue('Final copy'));
  });

  it('in the sheet, a teammate’s newer save keeps the person’s edits after Reload', async () => {
    const newer = { ...task, description: 'Their notes', priority: 'high' as const, version: 4 };
    fakeApi({
      'PUT /api/workspaces/w1/tasks/t1': [409, { error: boardUi.conflict }],
      'GET /api/workspaces/w1/tasks/t1': [200, { task: newer }],
    });
    const user = userEvent.setup();
    const sheet = renderSheet();
    const title = within(sheet).getByLabelText(boardUi.titleLabel);
    await user.clear(title);
    await user.type(title, 'My title');
    await user.click(within(sheet).getByRole('button', { name: boardUi.save }));
    await user.click(await within(sheet).findByRole('button', { name: boardUi.reloadTask }));
    await vi.waitFor(() => expect(within(sheet).getByLabelText(boardUi.descriptionLabel)).toHaveValue('Their notes'));
    expect(title).toHaveValue('My title');
    expect(within(sheet).getByLabelText(boardUi.priorityLabelField)).toHaveValue('high');
  });
});
