// Sample board data for the board's component and state tests: one column, and a task whose fields a
// test overrides as it needs.
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { NewTaskDialog } from './new-task-dialog.tsx';

// Ids are uuids, as the request schemas require.
export const todoColumn: Column = { id: '00000000-0000-4000-8000-0000000000c1', workspaceId: 'w1', name: 'To do', position: 'a0' };

export const sampleTask = (fields: Partial<Task> = {}): Task => ({
  id: 't1',
  key: 'TSR-1',
  number: 1,
  workspaceId: 'w1',
  columnId: todoColumn.id,
  title: 'Draft copy',
  description: '',
  assignee: null,
  priority: 'medium',
  dueDate: null,
  labels: [],
  projectId: null,
  sharedWithClient: false,
  position: 'a0',
  version: 1,
  createdBy: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

// The new-task dialog, open on the one column, with the given projects to pick from.
export function renderNewTaskDialog(projects: ComponentProps<typeof NewTaskDialog>['projects']) {
  render(
    <QueryProvider>
      <NewTaskDialog
        open
        onClose={() => undefined}
        workspaceId="w1"
        columns={[todoColumn]}
        members={[]}
        projects={projects}
        onCreated={() => undefined}
      />
    </QueryProvider>,
  );
  return screen.getByRole('dialog', { name: boardUi.createTitle });
}
