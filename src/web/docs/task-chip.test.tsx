import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { EditorContent, ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { docsText } from '#src/shared/docs/messages.ts';
import { pageExtensions } from '#src/shared/docs/page-schema.ts';
import type { Column } from '#src/shared/tasks/paths.ts';
import { sampleColumn, sampleTask } from '../../../tests/support/sample-tasks.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { applyToChips } from './chip-updates.ts';
import { ChipWorkspace, TaskChip } from './task-chip.tsx';

const todo = sampleColumn;
const doing: Column = { ...sampleColumn, id: 'c2', name: 'In progress', position: 'a1' };
const task = sampleTask({ columnId: todo.id });

// A page holding two chips: one of a task the reader sees, one of a task the server will not show them.
const content = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'See ' },
        { type: 'taskMention', attrs: { id: 't1', label: 'TSR-1' } },
        { type: 'text', text: ' and ' },
        { type: 'taskMention', attrs: { id: 'elsewhere', label: 'ACME-7' } },
      ],
    },
  ],
};

function Page() {
  const editor = useEditor({ extensions: pageExtensions({}, { nodeView: ReactNodeViewRenderer(TaskChip, { as: 'span' }) }), content });
  return (
    <ChipWorkspace value="w1">
      <EditorContent editor={editor} />
    </ChipWorkspace>
  );
}

describe('a task chip in a page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the task with its column, follows a live move without asking again, and shows only the key of a task it cannot see', async () => {
    const api = fakeApi({
      'GET /api/workspaces/w1/tasks/t1': [200, { task }],
      'GET /api/workspaces/w1/columns': [200, { columns: [todo, doing] }],
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <RouterProvider history={memoryHistory('/pages/p1')}>
          <Page />
        </RouterProvider>
      </QueryClientProvider>,
    );
    const chip = await screen.findByRole('link', { name: docsText.taskChip('TSR-1', 'Draft copy', 'To do') });
    expect(chip).toHaveAttribute('href', '/board?task=TSR-1');
    // Refused (404): the key the page holds, as plain text, and no link.
    expect(await screen.findByTestId('task-chip-unknown')).toHaveTextContent(/^ACME-7$/);
    expect(screen.getAllByRole('link')).toHaveLength(1);

    const moved = { id: '7', workspaceId: 'w1', actorId: 'u2', occurredAt: task.updatedAt, type: 'task.updated' as const, moved: true };
    act(() => applyToChips(client, 'w1', { ...moved, task: { ...task, columnId: doing.id } }));
    expect(await screen.findByRole('link', { name: docsText.taskChip('TSR-1', 'Draft copy', 'In progress') })).toBeVisible();
    expect(api.called('GET /api/workspaces/w1/tasks/t1')).toHaveLength(1);
  });
});
