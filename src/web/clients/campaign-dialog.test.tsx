import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignUi } from '#src/shared/campaigns/messages.ts';
import type { AudienceResponse, CampaignResponse } from '#src/shared/campaigns/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { CampaignDialog } from './campaign-dialog.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const AUDIENCE = 'GET /api/workspaces/w1/campaigns/audience';
const SEND = 'POST /api/workspaces/w1/campaigns';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const audience: AudienceResponse = {
  clients: [
    {
      id: id(1),
      name: 'Acme',
      company: 'Acme Ltd',
      contacts: [
        { id: id(11), name: 'Ada Acme', email: 'ada@acme.example', unsubscribedAt: null },
        { id: id(12), name: 'Abe Acme', email: 'abe@acme.example', unsubscribedAt: '2026-11-20T10:00:00.000Z' },
      ],
    },
    {
      id: id(2),
      name: 'Birch',
      company: '',
      contacts: [{ id: id(21), name: 'Bo Birch', email: 'bo@birch.example', unsubscribedAt: null }],
    },
  ],
  remainingToday: 498,
  dailyLimit: 500,
};

const sent: CampaignResponse = {
  campaign: { id: id(99), subject: 'News', body: 'x', sentAt: '2026-11-24T10:00:00.000Z', sentBy: 'Olive', sent: 2, skipped: 1 },
  recipients: [],
};

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <QueryProvider>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <CampaignDialog workspaceId="w1" open={open} onOpenChange={setOpen} />
    </QueryProvider>
  );
}

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Send Email Campaign dialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks unsubscribed contacts, counts who a pick reaches, previews the Markdown safely and sends the pick', async () => {
    const api = fakeApi({ [AUDIENCE]: [200, audience], [SEND]: [201, sent] });
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Email Campaign' });
    const abe = await within(dialog).findByRole('checkbox', { name: /Abe Acme/ });
    expect(abe).toBeDisabled();
    expect(within(dialog).getByText(campaignUi.unsubscribed)).toBeInTheDocument();
    expect(within(dialog).getByText(/498 of 500 campaign emails left today/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(campaignUi.subject), 'News');
    await user.type(within(dialog).getByLabelText(campaignUi.message), 'We **launched**. <script>alert(1)</script>');
    await user.click(within(dialog).getByRole('checkbox', { name: campaignUi.allContactsOf('Acme') }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bo Birch/ }));
    expect(
      within(dialog).getByText(/2 contacts will get this email\. 1 picked contact has unsubscribed and will be skipped\./),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: campaignUi.preview }));
    const preview = within(dialog).getByRole('region', { name: campaignUi.preview });
    expect(within(preview).getByText('launched').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: campaignUi.send }));
    expect(await screen.findByTestId('state')).toHaveTextContent('closed');
    expect(api.called(SEND)[0]!.body).toEqual({
      subject: 'News',
      body: 'We **launched**. <script>alert(1)</script>',
      clientIds: [id(1)],
      contactIds: [id(21)],
    });
    expect(notify.success).toHaveBeenCalledWith('Update sent to 2 contacts (1 unsubscribed, skipped).');
  });

  it('asks for a recipient before sending, and shows the server’s refusal, staying open', async () => {
    const api = fakeApi({
      [AUDIENCE]: [200, audience],
      [SEND]: [429, { error: 'This workspace may send 500 campaign emails a day and has 0 left today.' }],
    });
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Email Campaign' });
    await user.type(within(dialog).getByLabelText(campaignUi.subject), 'News');
    await user.type(within(dialog).getByLabelText(campaignUi.message), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: campaignUi.send }));
    expect(await within(dialog).findByText('Pick at least one client or contact.')).toBeInTheDocument();
    expect(api.called(SEND)).toHaveLength(0);

    await user.click(await within(dialog).findByRole('checkbox', { name: /Ada Acme/ }));
    await user.click(within(dialog).getByRole('button', { name: campaignUi.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('has 0 left today');
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });

  it('tells an owner with no client contacts what to do first', async () => {
    fakeApi({ [AUDIENCE]: [200, { clients: [], remainingToday: 500, dailyLimit: 500 }] });
    render(<Harness />);
    expect(await screen.findByText(campaignUi.noAudience)).toBeInTheDocument();
  });
});
