import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarCopy } from '#src/shared/calendar/messages.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { fakeApi, type Reply } from '../../../tests/support/fake-api.ts';
import { FeedPanel } from './feed-panel.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const address = 'https://tessera.test/api/calendar-feed/abc.ics';
const create = () => screen.queryByRole('button', { name: calendarCopy.feedCreate });

function openPanel() {
  render(
    <QueryProvider>
      <FeedPanel />
    </QueryProvider>,
  );
}

describe('the calendar feed panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers no new address while it looks for the saved one, then shows the saved one', async () => {
    fakeApi({ 'GET /api/me/calendar-feed': [200, { url: address }] });
    openPanel();
    expect(screen.getByRole('status')).toHaveTextContent(calendarCopy.feedLoading);
    expect(create()).toBeNull();
    expect(await screen.findByLabelText(calendarCopy.feedLabel)).toHaveValue(address);
    expect(create()).toBeNull();
    expect(screen.getByRole('button', { name: calendarCopy.feedRegenerate })).toBeEnabled();
  });

  it('says when the saved address could not be read, offers no new one, and tries again on request', async () => {
    const api = fakeApi({ 'GET /api/me/calendar-feed': [503, { error: 'Unavailable.' }] });
    openPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(calendarCopy.feedLoadFailed);
    expect(create()).toBeNull();
    api.routes['GET /api/me/calendar-feed'] = [200, { url: address }] satisfies Reply;
    await userEvent.setup().click(screen.getByRole('button', { name: calendarCopy.tryAgain }));
    expect(await screen.findByLabelText(calendarCopy.feedLabel)).toHaveValue(address);
    expect(api.called('POST /api/me/calendar-feed')).toHaveLength(0);
  });

  it('makes an address for someone who has none', async () => {
    const api = fakeApi({
      'GET /api/me/calendar-feed': [200, { url: null }],
      'POST /api/me/calendar-feed': [200, { url: address }],
    });
    openPanel();
    await userEvent.setup().click(await screen.findByRole('button', { name: calendarCopy.feedCreate }));
    expect(await screen.findByLabelText(calendarCopy.feedLabel)).toHaveValue(address);
    expect(api.called('POST /api/me/calendar-feed')).toHaveLength(1);
  });
});
