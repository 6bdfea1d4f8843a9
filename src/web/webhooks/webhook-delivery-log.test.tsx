import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookError, webhookUi } from '#src/shared/webhooks/messages.ts';
import type { WebhookDelivery } from '#src/shared/webhooks/paths.ts';
import { formatDateTimeSeconds } from '#src/web/lib/format-time.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const LOG = 'GET /api/workspaces/w1/webhooks/e1/deliveries';
const retryRoute = (id: string) => `POST /api/workspaces/w1/webhooks/e1/deliveries/${id}/resend`;
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

const delivery = (id: string, status: WebhookDelivery['status'], nextAttemptAt: string | null): WebhookDelivery => ({
  id,
  webhookId: `evt_${id}`,
  eventType: 'task.created',
  status,
  attemptCount: 1,
  nextAttemptAt,
  createdAt: '2026-11-24T10:00:00.000Z',
  attempts: [{ at: '2026-11-24T10:00:01.000Z', statusCode: 503, durationMs: 40, response: 'busy', error: null }],
});

const renderLog = () =>
  render(
    <QueryProvider>
      <WebhookDeliveryLog workspaceId="w1" endpointId="e1" />
    </QueryProvider>,
  );

const entry = async (webhookId: string) => (await screen.findByText(webhookId)).closest('li')!;

describe('Webhook delivery log', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('shows when a pending delivery is tried next, and offers Retry now on every delivery that has not succeeded', async () => {
    fakeApi({
      [LOG]: [
        200,
        { deliveries: [delivery('p1', 'pending', inAnHour), delivery('f1', 'failed', null), delivery('s1', 'succeeded', null)] },
      ],
    });
    renderLog();
    const pending = await entry('evt_p1');
    expect(within(pending).getByText(webhookUi.nextAttempt(formatDateTimeSeconds(inAnHour)))).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: webhookUi.retryNow })).toBeInTheDocument();
    const failed = await entry('evt_f1');
    expect(within(failed).getByRole('button', { name: webhookUi.retryNow })).toBeInTheDocument();
    expect(within(failed).queryByText(/Next attempt/)).not.toBeInTheDocument();
    const succeeded = await entry('evt_s1');
    expect(within(succeeded).queryByRole('button', { name: webhookUi.retryNow })).not.toBeInTheDocument();
  });

  it('retries a pending delivery now and shows it due at once', async () => {
    const now = new Date(Date.now() - 1000).toISOString();
    const api = fakeApi({
      [LOG]: [200, { deliveries: [delivery('p1', 'pending', inAnHour)] }],
      [retryRoute('p1')]: () => {
        api.routes[LOG] = [200, { deliveries: [delivery('p1', 'pending', now)] }];
        return [202, { delivery: delivery('p1', 'pending', now) }];
      },
    });
    const user = userEvent.setup();
    renderLog();
    await user.click(within(await entry('evt_p1')).getByRole('button', { name: webhookUi.retryNow }));
    expect(await screen.findByText(webhookUi.nextAttemptNow)).toBeInTheDocument();
    expect(api.called(retryRoute('p1'))).toEqual([{ route: retryRoute('p1'), body: {} }]);
    expect(notify.success).toHaveBeenCalledWith(webhookUi.retried);
  });

  it('says why a retry was refused', async () => {
    fakeApi({
      [LOG]: [200, { deliveries: [delivery('f1', 'failed', null)] }],
      [retryRoute('f1')]: [409, { error: webhookError.disabled }],
    });
    const user = userEvent.setup();
    renderLog();
    await user.click(within(await entry('evt_f1')).getByRole('button', { name: webhookUi.retryNow }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(webhookError.disabled));
  });
});
