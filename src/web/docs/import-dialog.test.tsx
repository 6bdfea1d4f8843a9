import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { docsText } from '#src/shared/docs/messages.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { ImportDialog } from './import-dialog.tsx';

function renderDialog(onImported = vi.fn()) {
  render(<ImportDialog workspaceId="w1" pages={[]} parentId={null} open onOpenChange={() => undefined} onImported={onImported} />);
  return screen.getByRole('dialog', { name: docsText.importTitle });
}

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Import Markdown', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for something to import under the Markdown box, focused, and sends nothing', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.type(within(dialog).getByLabelText(docsText.importText, { selector: 'textarea' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: docsText.importMarkdown }));
    const markdown = within(dialog).getByLabelText(docsText.importText, { selector: 'textarea' });
    await vi.waitFor(() => expect(markdown).toHaveAccessibleDescription(docsText.importEmpty));
    expect(markdown).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the Markdown with the trimmed title, and shows a refusal in the dialog, keeping the text', async () => {
    const api = fakeApi({ 'POST /api/workspaces/w1/pages/import': [413, { error: 'The Markdown is too large.' }] });
    const user = userEvent.setup();
    const dialog = renderDialog();
    const markdown = within(dialog).getByLabelText(docsText.importText, { selector: 'textarea' });
    await user.type(markdown, '# Launch plan');
    await user.type(within(dialog).getByLabelText(docsText.importPageTitle), ' Launch ');
    await user.click(within(dialog).getByRole('button', { name: docsText.importMarkdown }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The Markdown is too large.');
    expect(api.calls[0]?.body).toEqual({ markdown: '# Launch plan', parentId: null, title: 'Launch' });
    expect(markdown).toHaveValue('# Launch plan');
  });
});
