import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientError, clientUi } from '#src/shared/clients/messages.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { AddContactForm, AddProjectForm } from './client-forms.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const PROJECTS = 'POST /api/workspaces/w1/clients/c1/projects';
const CONTACTS = 'POST /api/workspaces/w1/clients/c1/contacts';

const renderForm = (Form: typeof AddProjectForm) =>
  render(
    <QueryProvider>
      <Form workspaceId="w1" clientId="c1" />
    </QueryProvider>,
  );

describe('the client page’s forms', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(notify.success).mockClear();
  });

  it('checks a project under its fields, focused, and sends nothing', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderForm(AddProjectForm);
    await user.type(screen.getByLabelText(clientUi.value), '12.345');
    await user.type(screen.getByLabelText(clientUi.startDate), '2027-03-10');
    await user.type(screen.getByLabelText(clientUi.endDate), '2027-03-01');
    await user.click(screen.getByRole('button', { name: clientUi.addProject }));
    const name = screen.getByLabelText(clientUi.projectName);
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription('Project name is required.'));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(clientUi.value)).toHaveAccessibleDescription('Value must be an amount like 1200 or 1200.50.');
    expect(api.calls).toHaveLength(0);

    await user.type(name, 'Brand refresh');
    await user.clear(screen.getByLabelText(clientUi.value));
    await user.click(screen.getByRole('button', { name: clientUi.addProject }));
    await vi.waitFor(() => expect(screen.getByLabelText(clientUi.endDate)).toHaveAccessibleDescription(clientError.datesOutOfOrder));
    expect(api.calls).toHaveLength(0);
  });

  it('sends the project as the server takes it, and keeps it when refused', async () => {
    const api = fakeApi({ [PROJECTS]: [404, { error: clientError.clientNotFound }] });
    const user = userEvent.setup();
    renderForm(AddProjectForm);
    const name = screen.getByLabelText(clientUi.projectName);
    await user.type(name, '  Brand refresh ');
    await user.type(screen.getByLabelText(clientUi.value), '1200.5');
    await user.click(screen.getByRole('button', { name: clientUi.addProject }));
    expect(await screen.findByRole('alert')).toHaveTextContent(clientError.clientNotFound);
    expect(api.called(PROJECTS)[0]!.body).toEqual({
      name: 'Brand refresh',
      status: 'Active',
      value: 120050,
      startDate: null,
      endDate: null,
    });
    expect(name).toHaveValue('  Brand refresh ');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows an address already a contact under the email, keeping both fields', async () => {
    fakeApi({ [CONTACTS]: [409, { error: clientError.contactExists('ada@acme.example') }] });
    const user = userEvent.setup();
    renderForm(AddContactForm);
    const name = screen.getByLabelText(clientUi.contactName);
    const email = screen.getByLabelText(clientUi.contactEmail);
    await user.type(name, 'Ada Acme');
    await user.type(email, 'ada@acme.example');
    await user.click(screen.getByRole('button', { name: clientUi.addContact }));
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription(clientError.contactExists('ada@acme.example')));
    expect(email).toHaveFocus();
    expect(name).toHaveValue('Ada Acme');
  });

  it('checks a contact under its fields, and shows a full client in the form', async () => {
    const api = fakeApi({ [CONTACTS]: [409, { error: clientError.tooManyContacts }] });
    const user = userEvent.setup();
    renderForm(AddContactForm);
    const email = screen.getByLabelText(clientUi.contactEmail);
    await user.type(screen.getByLabelText(clientUi.contactName), 'Ada Acme');
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: clientUi.addContact }));
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'ada@acme.example');
    await user.click(screen.getByRole('button', { name: clientUi.addContact }));
    expect(await screen.findByRole('alert')).toHaveTextContent(clientError.tooManyContacts);
    expect(email).toHaveValue('ada@acme.example');
  });
});
