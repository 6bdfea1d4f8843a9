import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { aiNotice, aiUi } from '#src/shared/ai/messages.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { startChatStub, tasksAnswer, type ChatStub } from '../support/chat-completions-stub.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { expect, signInAs, test, uniqueEmail, type Account } from './fixtures.ts';

// AI task creation as a person does it: paste notes on AI Mode, review the proposals, create them, and
// find them on the board with the right people and days; with no model (the default), then with one.

const ZONE = 'Pacific/Auckland';
test.use({ timezoneId: ZONE });

const NOTES = [
  '- Send the launch deck to the client by 2027-03-15 @grace #launch',
  '- Fix the login bug tomorrow !high',
  '- Ada will book the venue end of month',
  '- Review the budget in 2 weeks @ada',
  '- Draft the release notes in 3 days @grace',
].join('\n');

// The person's calendar, worked out apart from the app: today in their zone, plus days.
function dayIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
function endOfMonth(): string {
  const [year, month] = dayIn(0).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const expected = () => [
  {
    title: 'Send the launch deck to the client',
    assignee: 'Grace Teammate',
    dueDate: '2027-03-15',
    labels: ['launch'],
    priority: 'medium',
  },
  { title: 'Fix the login bug', assignee: null, dueDate: dayIn(1), labels: [], priority: 'high' },
  { title: 'Book the venue', assignee: 'Ada Owner', dueDate: endOfMonth(), labels: [], priority: 'medium' },
  { title: 'Review the budget', assignee: 'Ada Owner', dueDate: dayIn(14), labels: [], priority: 'medium' },
  { title: 'Draft the release notes', assignee: 'Grace Teammate', dueDate: dayIn(3), labels: [], priority: 'medium' },
];

async function verified(request: APIRequestContext, name: string, codeOf: (email: string) => Promise<string>): Promise<Account> {
  const account = { name, email: uniqueEmail('ai'), password: 'tessera-e2e-pass' };
  expect((await request.post('/api/register', { data: account })).status()).toBe(201);
  expect((await request.post('/api/verify-email', { data: { email: account.email, code: await codeOf(account.email) } })).status()).toBe(
    200,
  );
  return account;
}

// Ada owns a workspace Grace has joined; Ada's page is signed in and on AI Mode.
async function team(
  browser: Browser,
  base: string,
  codeOf: (email: string) => Promise<string>,
  linkOf: (email: string) => Promise<string>,
) {
  const context = await browser.newContext({ baseURL: base, timezoneId: ZONE });
  const page = await context.newPage();
  const ada = await verified(context.request, 'Ada Owner', codeOf);
  const grace = await verified(context.request, 'Grace Teammate', codeOf);
  await signInAs(page, ada);
  const workspaceId = ((await (await page.request.get('/api/workspaces')).json()) as { currentId: string }).currentId;
  expect((await page.request.post(`/api/workspaces/${workspaceId}/invitations`, { data: { email: grace.email } })).status()).toBe(201);
  const token = new URL(await linkOf(grace.email)).hash.slice(1);
  const graceContext = await browser.newContext({ baseURL: base });
  const gracePage = await graceContext.newPage();
  await signInAs(gracePage, grace);
  expect((await gracePage.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  await graceContext.close();
  return { page, workspaceId, close: () => context.close() };
}

// Paste, review (one edit), create, then the board and the saved tasks.
async function pasteReviewCreate(page: Page, workspaceId: string, sourceText: string) {
  await page.goto('/ai-mode');
  await page.getByLabel(aiUi.textLabel).fill(NOTES);
  await page.getByRole('button', { name: aiUi.propose }).click();
  const list = page.getByRole('list', { name: aiUi.proposalsTitle });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText(sourceText)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
  // The review: every field is there to change; one title is reworded.
  const first = list.getByRole('listitem').first();
  await expect(first.getByLabel(aiUi.titleLabel)).toHaveValue('Send the launch deck to the client');
  await expect(first.getByLabel(aiUi.assigneeLabel)).toHaveValue(/.+/);
  await expect(first.getByLabel(aiUi.dueLabel)).toHaveValue('2027-03-15');
  await expect(first.getByLabel(aiUi.labelsLabel)).toHaveValue('launch');
  await list.getByRole('listitem').nth(1).getByLabel(aiUi.titleLabel).fill('Fix the login bug on Safari');
  await page.getByRole('button', { name: aiUi.create(5) }).click();
  await expect(page.getByText(aiUi.created(5))).toBeVisible();

  // The board, in a second tab, while AI Mode keeps its Undo.
  const board = await page.context().newPage();
  await board.goto('/board');
  const want = expected();
  want[1]!.title = 'Fix the login bug on Safari';
  for (const task of want) {
    const card = board
      .getByRole('listitem')
      .filter({ has: board.getByRole('button', { name: boardUi.openTask(task.title), exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Due /)).toBeVisible();
    if (task.assignee) await expect(card.getByText(boardUi.assignedTo(task.assignee))).toBeAttached();
  }
  const saved = ((await (await page.request.get(`/api/workspaces/${workspaceId}/tasks`)).json()) as { tasks: Task[] }).tasks;
  expect(
    saved.map((task) => ({
      title: task.title,
      assignee: task.assignee?.name ?? null,
      dueDate: task.dueDate,
      labels: task.labels,
      priority: task.priority,
    })),
  ).toEqual(want);

  // One Undo takes all five off the board, which follows live.
  await page.getByRole('button', { name: aiUi.undo }).click();
  await expect(page.getByText(aiNotice.undone).first()).toBeVisible();
  await expect(board.getByRole('button', { name: boardUi.openTask(want[0]!.title), exact: true })).toBeHidden();
  expect(((await (await page.request.get(`/api/workspaces/${workspaceId}/tasks`)).json()) as { tasks: Task[] }).tasks).toEqual([]);
  await board.close();
}

test('with no AI model configured, the parser turns five lines of notes into five tasks on the board', async ({
  browser,
  mailbox,
  baseURL,
}) => {
  test.slow();
  const { page, workspaceId, close } = await team(browser, baseURL!, (email) => mailbox.codeFor(email), mailbox.invitationLinkFor);
  await page.goto('/ai-mode');
  await expect(page.getByTestId('ai-model-status')).toHaveText(aiUi.modelNone);
  await pasteReviewCreate(page, workspaceId, 'No AI model is configured, so the built-in parser read your text.');
  await close();
});

// A model behind AI_BASE_URL needs a server of its own: this one, with a stub chat-completions server.
test.describe('with an AI model', () => {
  let own: OwnServer;
  let sink: SmtpSink;
  let stub: ChatStub;
  let base: string;

  test.beforeAll(async () => {
    // The model answers the five lines with the tasks a person would expect, streamed in small pieces.
    stub = await startChatStub(() => ({
      kind: 'stream',
      piece: 12,
      content: tasksAnswer(
        expected().map((task) => ({
          title: task.title,
          assignee: task.assignee,
          dueDate: task.dueDate,
          labels: task.labels,
          priority: task.priority as 'high' | 'medium',
        })),
      ),
    }));
    own = await startOwnServer({
      portOffset: 101,
      name: 'ai',
      env: { AI_BASE_URL: stub.url, AI_MODEL: 'e2e-stub', AI_API_KEY: 'sk-e2e' },
    });
    ({ sink, base } = own);
  });
  test.afterAll(async () => {
    await own?.stop();
    await stub?.close();
  });

  test('the model proposes the five tasks as they stream in, and they land on the board the same way', async ({ browser }) => {
    test.slow();
    const codeOf = async (email: string) => (await sink.waitFor(email, (mail) => /verification/.test(mail.subject))).code!;
    const linkOf = async (email: string) => (await sink.waitFor(email, (mail) => mail.link !== null)).link!;
    const { page, workspaceId, close } = await team(browser, base, codeOf, linkOf);
    await page.goto('/ai-mode');
    await expect(page.getByTestId('ai-model-status')).toHaveText(aiUi.modelOn('e2e-stub'));
    await pasteReviewCreate(page, workspaceId, 'Proposed by the AI model e2e-stub. Review each task before creating it.');
    // The model saw the notes and the member names, nothing more.
    const asked = JSON.stringify(stub.requests.at(-1)!.body.messages);
    expect(asked).toContain('Grace Teammate');
    expect(asked).not.toContain('@example.com');
    await close();
  });
});
