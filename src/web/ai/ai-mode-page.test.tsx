import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aiUi } from '#src/shared/ai/messages.ts';
import type { AiSettingsResponse, ProposalStreamLine, TaskProposal } from '#src/shared/ai/paths.ts';
import { newQueryClient } from '#src/web/lib/query-client.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import AiModePage from './ai-mode-page.tsx';

vi.mock('#src/web/lib/workspaces.tsx', () => ({ useWorkspaces: () => ({ status: 'ready', current: { id: 'w1' }, error: null }) }));
vi.mock('#src/web/routing/params.tsx', () => ({ useSearchParams: () => [new URLSearchParams(), () => undefined] }));

const settings: AiSettingsResponse = { enabled: false, model: null, usedToday: 0, dailyLimit: 50, canChange: true };
const proposal: TaskProposal = {
  title: 'Send the launch deck',
  description: '',
  assigneeId: null,
  dueDate: null,
  priority: 'medium',
  labels: [],
  project: null,
};
const stream = (...lines: ProposalStreamLine[]) =>
  new HttpResponse(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', { headers: { 'Content-Type': 'application/x-ndjson' } });

function renderPage(proposals: () => Response) {
  apiServer.use(
    http.get('/api/workspaces/w1', () => HttpResponse.json({ members: [] })),
    http.get('/api/workspaces/w1/projects', () => HttpResponse.json({ projects: [] })),
    http.get('/api/workspaces/w1/ai/settings', () => HttpResponse.json(settings)),
    http.post('/api/workspaces/w1/ai/proposals', proposals),
  );
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AiModePage />
    </QueryClientProvider>,
  );
  return screen.getByLabelText(aiUi.textLabel);
}

describe('AI Mode’s forms', { timeout: 20_000 }, () => {
  it('asks for text under the box, focused, and proposes nothing', async () => {
    const proposals = vi.fn(() => stream());
    const user = userEvent.setup();
    const text = renderPage(proposals);
    await user.type(text, '   ');
    await user.click(screen.getByRole('button', { name: aiUi.propose }));
    await vi.waitFor(() => expect(text).toHaveAccessibleDescription(`${aiUi.textHint} Paste or type some text first.`));
    expect(text).toHaveFocus();
    expect(proposals).not.toHaveBeenCalled();
  });

  it('shows a refused text under the box and keeps it', async () => {
    const user = userEvent.setup();
    const text = renderPage(() => HttpResponse.json({ error: 'Text must be at most 20,000 characters.' }, { status: 400 }));
    await user.type(text, 'Ship the deck');
    await user.click(screen.getByRole('button', { name: aiUi.propose }));
    await vi.waitFor(() => expect(text).toHaveAccessibleDescription(`${aiUi.textHint} Text must be at most 20,000 characters.`));
    expect(text).toHaveFocus();
    expect(text).toHaveValue('Ship the deck');
  });

  it('checks each proposal under its field, and keeps the list when the server refuses the batch', async () => {
    const batches = vi.fn(() => HttpResponse.json({ error: 'Only members of this workspace can do that.' }, { status: 403 }));
    apiServer.use(http.post('/api/workspaces/w1/ai/batches', batches));
    const user = userEvent.setup();
    const text = renderPage(() => stream({ type: 'proposal', proposal }, { type: 'done', report: null }));
    await user.type(text, 'Send the launch deck');
    await user.click(screen.getByRole('button', { name: aiUi.propose }));
    const list = await screen.findByRole('list', { name: aiUi.proposalsTitle });
    const title = within(list).getByLabelText(aiUi.titleLabel);
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: aiUi.create(1) }));
    await vi.waitFor(() => expect(title).toHaveAccessibleDescription('Title is required.'));
    expect(title).toHaveFocus();
    expect(batches).not.toHaveBeenCalled();

    await user.type(title, 'Send the deck');
    await user.click(screen.getByRole('button', { name: aiUi.create(1) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only members of this workspace can do that.');
    expect(batches).toHaveBeenCalledTimes(1);
    expect(title).toHaveValue('Send the deck');
  });
});
