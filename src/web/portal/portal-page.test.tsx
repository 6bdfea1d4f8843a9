import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { clientUi } from '#src/shared/clients/messages.ts';
import type { PortalHomeResponse } from '#src/shared/clients/paths.ts';
import { newQueryClient } from '#src/web/lib/query-client.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import PortalPage from './portal-page.tsx';

const home: PortalHomeResponse = {
  workspaceName: 'Studio',
  client: { id: 'c1', name: 'Acme', company: '' },
  projects: [],
  tasks: [{ id: 't1', title: 'Approve the cover', status: 'In Review', projectName: 'Website', dueDate: null, approval: null }],
};
const COMMENTS = '/api/workspaces/w1/portal/tasks/t1/comments';

async function openComments(comment: () => Response) {
  apiServer.use(
    http.get('/api/portal', () => HttpResponse.json({ portals: [{ workspaceId: 'w1' }], preferPortal: true })),
    http.get('/api/workspaces/w1/portal', () => HttpResponse.json(home)),
    http.get(COMMENTS, () => HttpResponse.json({ comments: [] })),
    http.post(COMMENTS, comment),
  );
  render(
    <QueryClientProvider client={newQueryClient()}>
      <PortalPage />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: clientUi.comments }));
  return { user, box: screen.getByLabelText(clientUi.yourComment), send: screen.getByRole('button', { name: clientUi.send }) };
}

describe('the portal’s comment form', { timeout: 20_000 }, () => {
  it('asks for a comment under the box, focused, and sends nothing', async () => {
    const comment = vi.fn(() => HttpResponse.json({}));
    const { user, box, send } = await openComments(comment);
    await user.type(box, '  ');
    await user.click(send);
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('Comment is required.'));
    expect(box).toHaveFocus();
    expect(comment).not.toHaveBeenCalled();
  });

  it('shows a refused comment under the box and keeps it', async () => {
    const { user, box, send } = await openComments(() =>
      HttpResponse.json({ error: 'Comment contains characters that are not allowed.' }, { status: 400 }),
    );
    await user.type(box, 'Looks right');
    await user.click(send);
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('Comment contains characters that are not allowed.'));
    expect(box).toHaveValue('Looks right');
  });

  it('shows any other refusal in the form and keeps the comment', async () => {
    const { user, box, send } = await openComments(() => HttpResponse.json({ error: 'Task not found.' }, { status: 404 }));
    await user.type(box, 'Looks right');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Task not found.');
    expect(box).toHaveValue('Looks right');
  });
});
