// The new-task dialog as the board's form tests render it.
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { sampleColumn } from '../../../tests/support/sample-tasks.ts';
import { NewTaskDialog } from './new-task-dialog.tsx';

// The new-task dialog, open on the one column, with the given projects to pick from.
export function renderNewTaskDialog(projects: ComponentProps<typeof NewTaskDialog>['projects']) {
  render(
    <QueryProvider>
      <NewTaskDialog
        open
        onClose={() => undefined}
        workspaceId="w1"
        columns={[sampleColumn]}
        members={[]}
        projects={projects}
        onCreated={() => undefined}
      />
    </QueryProvider>,
  );
  return screen.getByRole('dialog', { name: boardUi.createTitle });
}
