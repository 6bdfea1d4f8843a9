import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slackImportError, slackImportUi } from '#src/shared/chat/slack-import-messages.ts';
import { SLACK_EXPORT_MAX_BYTES } from '#src/shared/chat/slack-import-paths.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { SlackUploadForm } from './slack-upload-form.tsx';

const route = 'POST /api/workspaces/w1/chat/slack-imports';
const MAX_MB = Math.round(SLACK_EXPORT_MAX_BYTES / (1024 * 1024));
const zip = (bytes = 4) => new File([new Uint8Array(bytes)], 'export.zip', { type: 'application/zip' });

function renderForm(onUploaded = vi.fn()) {
  render(<SlackUploadForm workspaceId="w1" onUploaded={onUploaded} />);
  return { file: screen.getByLabelText(slackImportUi.fileLabel), upload: screen.getByRole('button', { name: slackImportUi.upload }) };
}

describe('the Slack export upload', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the zip under the field, focused, and sends nothing', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    const { file, upload } = renderForm();
    await user.click(upload);
    await vi.waitFor(() => expect(file).toHaveAccessibleDescription(`${slackImportUi.fileHint(MAX_MB)} ${slackImportUi.chooseFirst}`));
    expect(file).toHaveFocus();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a file over the limit before sending it', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    const { file, upload } = renderForm();
    await user.upload(file, zip(SLACK_EXPORT_MAX_BYTES + 1));
    await user.click(upload);
    await vi.waitFor(() => expect(file).toHaveAccessibleDescription(expect.stringContaining(slackImportUi.tooLarge(MAX_MB))));
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s refusal of the file under it and keeps the file chosen', async () => {
    fakeApi({ [route]: [400, { error: slackImportError.notZip }] });
    const user = userEvent.setup();
    const onUploaded = vi.fn();
    const { file, upload } = renderForm(onUploaded);
    await user.upload(file, zip());
    await user.click(upload);
    await vi.waitFor(() => expect(file).toHaveAccessibleDescription(expect.stringContaining(slackImportError.notZip)));
    expect(file).toHaveFocus();
    expect((file as HTMLInputElement).files?.[0]?.name).toBe('export.zip');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('shows a refusal about the workspace above the button', async () => {
    fakeApi({ [route]: [409, { error: slackImportError.busy }] });
    const user = userEvent.setup();
    const { file, upload } = renderForm();
    await user.upload(file, zip());
    await user.click(upload);
    expect(await screen.findByRole('alert')).toHaveTextContent(slackImportError.busy);
  });
});
