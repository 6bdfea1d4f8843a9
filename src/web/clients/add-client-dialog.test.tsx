import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientUi } from '#src/shared/clients/messages.ts';
import type { ClientDetail } from '#src/shared/clients/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { AddClientDialog } from './add-client-dialog.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CREATE = 'POST /api/workspaces/w1/clients';

function Harness({ onAdded }: { onAdded: (client: ClientDetail) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <QueryProvider>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <AddClientDialog workspaceId="w1" open={open} onOpenChange={setOpen} onAdded={onAdded} />
    </QueryProvider>
  );
}

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Add New Client dialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a half-filled contact’s problem under its field and sends nothing, then sends the client with its contact', async () => {
    const added = { id: 'c1', name: 'Acme', contacts: [] } as unknown as ClientDetail;
    const api = fakeApi({ [CREATE]: [201, { client: added }] });
    const onAdded = vi.fn();
    const user = userEvent.setup();
    render(<Harness onAdded={onAdded} />);
    await user.type(screen.getByLabelText(clientUi.clientName), 'Acme');
    await user.type(screen.getByLabelText(clientUi.contactName), 'Ada');
    await user.click(screen.getByRole('button', { name: clientUi.addClient }));
    expect(await screen.findByLabelText(clientUi.contactEmail)).toHaveAccessibleDescription(/email/i);
    expect(api.called(CREATE)).toHaveLength(0);

    await user.type(screen.getByLabelText(clientUi.contactEmail), 'ada@acme.example');
    await user.click(screen.getByRole('button', { name: clientUi.addClient }));
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(api.called(CREATE)[0]!.body).toMatchObject({
      name: 'Acme',
      status: 'Active',
      contacts: [{ name: 'Ada', email: 'ada@acme.example' }],
    });
    expect(notify.success).toHaveBeenCalledWith(clientUi.clientAdded('Acme'));
    expect(onAdded).toHaveBeenCalledWith(added);
  });

  it('keeps what was typed and says why when the server refuses', async () => {
    const api = fakeApi({ [CREATE]: [413, { error: 'This workspace has as many clients as it can have.' }] });
    const user = userEvent.setup();
    render(<Harness onAdded={vi.fn()} />);
    await user.type(screen.getByLabelText(clientUi.clientName), 'Birch');
    await user.click(screen.getByRole('button', { name: clientUi.addClient }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This workspace has as many clients as it can have.');
    expect(api.called(CREATE)[0]!.body).toEqual({ name: 'Birch', company: '', status: 'Active', notes: '' });
    expect(screen.getByLabelText(clientUi.clientName)).toHaveValue('Birch');
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });
});
