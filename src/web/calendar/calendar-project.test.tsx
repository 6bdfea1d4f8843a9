import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarCopy } from '#src/shared/calendar/messages.ts';
import type { CalendarTask } from '#src/shared/calendar/paths.ts';
import type { ProjectChoice } from '#src/shared/clients/paths.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import { visibleDays } from './calendar-days.ts';
import CalendarPage from './calendar-page.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('#src/web/lib/session.tsx', () => ({ useSession: () => ({ user: { id: 'u-ada' } }) }));

const workspace: WorkspaceSummary = { id: 'w1', name: 'Studio', role: 'owner', memberCount: 1, createdAt: '2026-01-01T00:00:00.000Z' };
const site: ProjectChoice = { id: 'p-site', clientId: 'c-acme', clientName: 'Acme', name: 'Website', status: 'Active' };
const audit: ProjectChoice = { id: 'p-audit', clientId: 'c-bolt', clientName: 'Bolt', name: 'Audit', status: 'Active' };
const task = (id: string, title: string, projectId: string | null): CalendarTask => ({
  id,
  title,
  columnId: 'col',
  projectId,
  version: 1,
  dueDate: '2026-03-12',
  assigneeId: null,
});
const days = visibleDays('month', '2026-03-10');
// A month reads the first 3 tasks of each day, with each day's count.
const read = (extra: string) => `GET /api/workspaces/w1/calendar?from=${days[0]}&to=${days.at(-1)}&mine=0${extra}&perDay=3`;

const calendarApi = () =>
  fakeApi({
    'GET /api/workspaces': [200, { workspaces: [workspace], currentId: 'w1' }],
    'GET /api/workspaces/w1/projects': [200, { projects: [site, audit] }],
    'GET /api/me/calendar-feed': [200, { url: null }],
    [read('')]: [
      200,
      { tasks: [task('t1', 'Site copy', 'p-site'), task('t2', 'Payroll', null)], days: { '2026-03-12': 2 }, doneColumnId: null },
    ],
    [read('&project=p-site')]: [200, { tasks: [task('t1', 'Site copy', 'p-site')], days: { '2026-03-12': 1 }, doneColumnId: null }],
  });

function openCalendar(address: string) {
  const history = memoryHistory(address);
  render(
    <RouterProvider history={history}>
      <QueryProvider>
        <CalendarPage />
      </QueryProvider>
    </RouterProvider>,
  );
  return history;
}

describe('the calendar filtered by project', { timeout: 20_000 }, () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('offers the workspace’s projects beside mine / everyone and shows only the chosen project’s tasks', async () => {
    const api = calendarApi();
    const history = openCalendar('/calendar?date=2026-03-10');
    const user = userEvent.setup();
    expect(await screen.findByText('Payroll')).toBeInTheDocument();
    const picker = await screen.findByLabelText(calendarCopy.project);
    // The list is put in the select when a person reaches for it.
    await user.click(picker);
    expect(within(picker).getByRole('group', { name: 'Acme' })).toHaveTextContent('Website');
    await user.selectOptions(picker, 'p-site');
    await vi.waitFor(() => expect(api.called(read('&project=p-site'))).toHaveLength(1));
    expect(await screen.findByText('Site copy')).toBeInTheDocument();
    expect(screen.queryByText('Payroll')).toBeNull();
    expect(history.location().search).toContain('project=p-site');
    // Everyone / My tasks stay beside it.
    expect(screen.getByRole('button', { name: calendarCopy.mine })).toBeInTheDocument();
  });

  it('shows the project the address names, and puts the rest in the select only once it is focused', async () => {
    calendarApi();
    openCalendar('/calendar?date=2026-03-10&project=p-site');
    expect(await screen.findByText('Site copy')).toBeInTheDocument();
    const picker = await screen.findByLabelText(calendarCopy.project);
    await vi.waitFor(() => expect(picker).toHaveDisplayValue('Website'));
    expect(within(picker).queryByRole('group', { name: 'Bolt' })).toBeNull();
    picker.focus();
    expect(await within(picker).findByRole('group', { name: 'Bolt' })).toHaveTextContent('Audit');
    expect(picker).toHaveDisplayValue('Website');
  });
});

describe('a busy month', { timeout: 20_000 }, () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first tasks of a day and counts the rest it did not read, which the week shows', async () => {
    const api = calendarApi();
    const first = [task('t1', 'Kickoff', null), task('t2', 'Review', null), task('t3', 'Ship', null)];
    api.routes[read('')] = [200, { tasks: first, days: { '2026-03-12': 110 }, doneColumnId: null }];
    const week = visibleDays('week', '2026-03-12');
    const weekRead = `GET /api/workspaces/w1/calendar?from=${week[0]}&to=${week.at(-1)}&mine=0`;
    api.routes[weekRead] = [200, { tasks: [...first, task('t4', 'Retro', null)], days: { '2026-03-12': 4 }, doneColumnId: null }];
    const user = userEvent.setup();
    openCalendar('/calendar?date=2026-03-10');
    expect(await screen.findByRole('gridcell', { name: calendarCopy.dayLabel('Thursday, March 12, 2026', 110) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+107 more' }));
    // The week reads every task of its days.
    expect(await screen.findByText('Retro')).toBeInTheDocument();
    expect(api.called(weekRead)).toHaveLength(1);
  });
});
