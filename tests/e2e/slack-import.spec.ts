import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chatText } from '#src/shared/chat/messages.ts';
import { slackImportUi } from '#src/shared/chat/slack-import-messages.ts';
import { appsUi } from '#src/shared/github/apps-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { slackExportZip } from '../support/slack-export.ts';
import { expect, signInAs, test } from './fixtures.ts';

async function axeAtBothWidths(page: Page, shot: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${shot}-${width}.png`), fullPage: true });
    expect(await axeFindings(page, { where: `${shot} at ${width} px` })).toEqual([]);
  }
}

// An owner moving in from Slack: the Apps page leads to the import, the export's counts show before
// anything is written, the import runs with its progress, and the history is in the channel.
test('an owner uploads a Slack export, sees its counts, imports it and finds the messages in chat; axe-clean at both widths', async ({
  page,
  accounts,
}) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  const zip = test.info().outputPath('slack-export.zip');
  writeFileSync(
    zip,
    slackExportZip({
      users: [
        { id: 'U1', name: 'Ada in Slack', email: owner.email },
        { id: 'U2', name: 'Sam Outsider' },
      ],
      channels: [
        {
          id: 'C1',
          name: 'announcements',
          members: ['U1', 'U2'],
          days: {
            '2024-03-01': [
              { ts: '1709280000.000100', user: 'U1', text: 'We *ship* on Friday', thread_ts: '1709280000.000100' },
              { ts: '1709280060.000200', user: 'U2', text: 'Ready here', thread_ts: '1709280000.000100' },
              {
                ts: '1709280120.000300',
                user: 'U2',
                text: 'Notes at <https://example.com/notes|the notes page>',
                reactions: [{ name: 'tada', users: ['U1'], count: 1 }],
              },
            ],
          },
        },
      ],
    }),
  );

  await page.goto('/apps');
  const card = page.getByRole('listitem', { name: appsUi.slack.name });
  await expect(card).toContainText(appsUi.slack.none);
  await card.getByRole('link', { name: appsUi.slack.start }).click();
  await expect(page.getByRole('heading', { name: slackImportUi.title })).toBeVisible();
  await axeAtBothWidths(page, 'slack-upload');

  // Nothing chosen: the form says what to do.
  await page.getByRole('button', { name: slackImportUi.upload }).click();
  await expect(page.getByText(slackImportUi.chooseFirst)).toBeVisible();
  await page.getByLabel(slackImportUi.fileLabel).setInputFiles(zip);
  await page.getByRole('button', { name: slackImportUi.upload }).click();

  const counts = page.getByTestId('slack-preview-counts');
  await expect(counts.getByText(slackImportUi.counts.messages, { exact: true }).locator('..')).toContainText('3');
  await expect(counts.getByText(slackImportUi.counts.threads, { exact: true }).locator('..')).toContainText('1');
  await expect(counts.getByText(slackImportUi.counts.matchedPeople, { exact: true }).locator('..')).toContainText('1');
  await expect(counts.getByText(slackImportUi.counts.unmatchedPeople, { exact: true }).locator('..')).toContainText('1');
  await expect(page.getByRole('cell', { name: '#announcements (new)' })).toBeVisible();
  await axeAtBothWidths(page, 'slack-preview');

  // The preview's card has the focus; the keyboard reaches Import from there.
  await page.getByRole('button', { name: slackImportUi.importButton }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(slackImportUi.done(3, 3))).toBeVisible({ timeout: 20_000 });
  await axeAtBothWidths(page, 'slack-done');

  await page.getByRole('link', { name: slackImportUi.openChat }).click();
  await page.getByRole('navigation', { name: chatText.title }).getByRole('button', { name: 'announcements' }).click();
  await expect(page.getByRole('link', { name: 'the notes page' })).toHaveAttribute('href', 'https://example.com/notes');
  await expect(page.locator('strong', { hasText: 'ship' })).toBeVisible();
  // The Slack thread is a thread here too: its reply shows once the thread is opened.
  await page.getByRole('button', { name: '1 reply' }).click();
  await expect(page.getByText('Ready here')).toBeVisible();

  await page.goto('/apps');
  await expect(page.getByRole('listitem', { name: appsUi.slack.name })).toContainText('3 new messages');
});

test('a file that is not a zip is refused with the reason, and nothing is kept', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Bo Owner' }));
  const notZip = test.info().outputPath('export.zip');
  writeFileSync(notZip, 'this is a text file renamed to .zip');
  await page.goto('/apps/slack-import');
  await page.getByLabel(slackImportUi.fileLabel).setInputFiles(notZip);
  await page.getByRole('button', { name: slackImportUi.upload }).click();
  await expect(page.getByText('This file is not a zip archive.', { exact: false })).toBeVisible();
  await page.goto('/apps');
  await expect(page.getByRole('listitem', { name: appsUi.slack.name })).toContainText(appsUi.slack.none);
});
