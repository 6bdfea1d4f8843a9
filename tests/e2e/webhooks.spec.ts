import { webhookUi } from '#src/shared/webhooks/messages.ts';
import { startWebhookReceiver, verifyReceived } from '../support/webhook-receiver.ts';
import { expect, signInAs, test } from './fixtures.ts';

// Webhooks as an owner uses them: add an endpoint, see its secret once, send a test event, read it in
// the delivery log; the receiver checks the signature with the standardwebhooks library.
test('an owner adds a webhook endpoint, copies the secret once, and sees the test event delivered', async ({ page, accounts }) => {
  const receiver = await startWebhookReceiver(() => 204);
  try {
    const owner = await accounts.create({ name: 'Hana Hooks' });
    await signInAs(page, owner);
    await page.goto('/workspace-settings');
    const section = page.getByRole('region', { name: webhookUi.title });
    await expect(section.getByText(webhookUi.none)).toBeVisible();

    await section.getByRole('button', { name: webhookUi.add }).click();
    const dialog = page.getByRole('dialog', { name: webhookUi.addTitle });
    await dialog.getByLabel(webhookUi.urlLabel).fill(receiver.url);
    await dialog.getByLabel(webhookUi.eventNames['task.deleted']).uncheck();
    await dialog.getByLabel(webhookUi.descriptionLabel).fill('Release bot');
    await dialog.getByRole('button', { name: webhookUi.save }).click();

    const secretDialog = page.getByRole('dialog', { name: webhookUi.secretTitle });
    const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: webhookUi.done }).click();
    await expect(secretDialog).toBeHidden();
    // Shown once: nothing on the page carries it any more.
    await expect(page.locator('body')).not.toContainText(secret);

    await expect(section.getByText(receiver.url)).toBeVisible();
    await expect(section.getByText('Release bot')).toBeVisible();
    await expect(section.getByText('task.deleted')).toHaveCount(0);

    await section.getByRole('button', { name: webhookUi.sendTest }).click();
    const log = section.getByRole('list', { name: webhookUi.showLog });
    await expect(log.getByText(webhookUi.statusNames.succeeded)).toBeVisible({ timeout: 10_000 });
    await expect(log.getByRole('cell', { name: '204' })).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(verifyReceived(secret, receiver.received[0]!)).toMatchObject({ type: 'webhook.test' });
  } finally {
    await receiver.close();
  }
});
