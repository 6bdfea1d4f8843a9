import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookUi } from '#src/shared/webhooks/messages.ts';
import type { WebhookEndpoint } from '#src/shared/webhooks/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { WebhooksSection } from './webhooks-section.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const endpoint = (id: string, url: string, local: boolean): WebhookEndpoint => ({
  id,
  url,
  description: '',
  events: ['task.created'],
  enabled: true,
  disabledReason: null,
  local,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});

const renderSection = () =>
  render(
    <QueryProvider>
      <WebhooksSection workspaceId="w1" />
    </QueryProvider>,
  );

describe('Webhooks section', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns beside a local endpoint that only a development server sends to it, and says so when adding', async () => {
    fakeApi({
      'GET /api/workspaces/w1/webhooks': [
        200,
        {
          endpoints: [endpoint('e1', 'http://localhost:4000/hook', true), endpoint('e2', 'https://hooks.example.com/in', false)],
          localAllowed: true,
        },
      ],
    });
    const user = userEvent.setup();
    renderSection();
    const local = (await screen.findByText('http://localhost:4000/hook')).closest('li')!;
    expect(within(local).getByText(webhookUi.localWarning)).toBeVisible();
    const remote = screen.getByText('https://hooks.example.com/in').closest('li')!;
    expect(within(remote).queryByText(webhookUi.localWarning)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: webhookUi.add }));
    const dialog = await screen.findByRole('dialog', { name: webhookUi.addTitle });
    expect(within(dialog).getByLabelText(webhookUi.urlLabel)).toHaveAccessibleDescription(webhookUi.urlHintLocal);
  });

  it('keeps the https hint on a production server', async () => {
    fakeApi({ 'GET /api/workspaces/w1/webhooks': [200, { endpoints: [], localAllowed: false }] });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(webhookUi.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: webhookUi.add }));
    const dialog = await screen.findByRole('dialog', { name: webhookUi.addTitle });
    expect(within(dialog).getByLabelText(webhookUi.urlLabel)).toHaveAccessibleDescription(webhookUi.urlHint);
  });
});
