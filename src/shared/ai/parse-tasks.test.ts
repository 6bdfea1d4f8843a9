import { describe, expect, it } from 'vitest';
import { CreateBatchSchema } from './schemas.ts';
import { parseLine } from './parse-line.ts';
import { parseTasks } from './parse-tasks.ts';

// Member ids are uuids, as the batch endpoint requires.
const ids = {
  ana: '00000000-0000-4000-8000-00000000000a',
  ben: '00000000-0000-4000-8000-00000000000b',
  zoe: '00000000-0000-4000-8000-00000000000c',
};
const members = [
  { id: ids.ana, name: 'Ana Sánchez', email: 'ana@example.com' },
  { id: ids.ben, name: 'Ben Okafor', email: 'ben.o@example.com' },
  { id: ids.zoe, name: 'Zoë Adams', email: 'zadams@example.com' },
];
// Monday 23 November 2026, 23:30 in Berlin (22:30 UTC).
const context = {
  now: Date.UTC(2026, 10, 23, 22, 30),
  timeZone: 'Europe/Berlin',
  members,
  labels: ['Bugs'],
  projects: [{ id: 'bright', name: 'Brightlane' }],
};

describe('quick add: one line', () => {
  it('reads "Fix login bug tomorrow @ben #bugs !high" into its parts and marks where each sits', () => {
    const line = 'Fix login bug tomorrow @ben #bugs !high';
    const parsed = parseLine(line, context);
    expect(parsed).toMatchObject({
      title: 'Fix login bug',
      assigneeId: ids.ben,
      dueDate: '2026-11-24',
      priority: 'high',
      labels: ['Bugs'],
    });
    expect(parsed.spans.map((span) => [span.kind, line.slice(span.start, span.end)])).toEqual([
      ['date', 'tomorrow'],
      ['assignee', '@ben'],
      ['label', '#bugs'],
      ['priority', '!high'],
    ]);
  });

  it('takes the lead-in word with the date and leaves a time alone in the title', () => {
    expect(parseLine('Send the deck by Friday', context)).toMatchObject({ title: 'Send the deck', dueDate: '2026-11-27' });
    expect(parseLine('Call the bank at 5pm', context)).toMatchObject({ title: 'Call the bank at 5pm', dueDate: null });
  });

  it('reads the end of the week, the month and the year, and next week', () => {
    expect(parseLine('Ship it by end of the week', context).dueDate).toBe('2026-11-27');
    expect(parseLine('Ship it end of month', context).dueDate).toBe('2026-11-30');
    expect(parseLine('Ship it EOY', context).dueDate).toBe('2026-12-31');
    expect(parseLine('Ship it next Tuesday', context).dueDate).toBe('2026-12-01');
  });

  it('finds people by email, by email name, by full name, and refuses an ambiguous handle', () => {
    expect(parseLine('Review @zadams@example.com', context).assigneeId).toBe(ids.zoe);
    expect(parseLine('Review @ben.o', context).assigneeId).toBe(ids.ben);
    expect(parseLine('Review @anasanchez', context).assigneeId).toBe(ids.ana);
    const twins = [...members, { id: 'ben2', name: 'Ben Tanaka', email: 'bt@example.com' }];
    const parsed = parseLine('Review @ben', { ...context, members: twins });
    expect(parsed.assigneeId).toBeNull();
    expect(parsed.title).toBe('Review @ben');
  });

  it('reads priority words as well as tokens, and the first one named wins', () => {
    expect(parseLine('Urgent: restart the worker', context)).toMatchObject({ title: 'Restart the worker', priority: 'high' });
    expect(parseLine('Tidy the wiki, low priority', context)).toMatchObject({ title: 'Tidy the wiki', priority: 'low' });
    expect(parseLine('Tidy the wiki !low !high', context).priority).toBe('low');
    expect(parseLine('Tidy the wiki', context)).toMatchObject({ priority: 'medium', priorityNamed: false });
  });

  it('names a project written with + or in the sentence, and keeps the sentence whole', () => {
    expect(parseLine('Draft the Brightlane brief', context)).toMatchObject({
      title: 'Draft the Brightlane brief',
      project: { id: 'bright' },
    });
    expect(parseLine('Draft the brief +brightlane', context)).toMatchObject({ title: 'Draft the brief', project: { id: 'bright' } });
    expect(parseLine('Draft the brief', context).project).toBeNull();
  });
});

describe('notes: many lines', () => {
  const notes = [
    "Notes from Monday's sync",
    'Attendees: Ana, Ben, Zoë',
    '- Fix the login bug by Friday @ben #bugs !high',
    '- Draft the Brightlane proposal next Tuesday @zoe',
    '  include the pricing slide',
    '* Ana will send the deck to the client end of month',
    '1. Review Q4 budget tomorrow, urgent',
    'We talked about the offsite. Please book the venue by Dec 1. The weather was nice.',
    'Ben to update the roadmap next week',
  ].join('\n');

  it('proposes one task per bullet and per sentence that asks for an action, and says what it skipped', () => {
    const { proposals, report } = parseTasks(notes, context);
    expect(proposals.map((task) => [task.title, task.assigneeId, task.dueDate, task.priority])).toEqual([
      ['Fix the login bug', ids.ben, '2026-11-27', 'high'],
      ['Draft the Brightlane proposal', ids.zoe, '2026-12-01', 'medium'],
      ['Send the deck to the client', ids.ana, '2026-11-30', 'medium'],
      ['Review Q4 budget', null, '2026-11-24', 'high'],
      ['Book the venue', null, '2026-12-01', 'medium'],
      ['Update the roadmap', ids.ben, '2026-11-30', 'medium'],
    ]);
    expect(proposals[1]!.description).toBe('include the pricing slide');
    expect(report.skipped.map((skipped) => skipped.text)).toEqual([
      "Notes from Monday's sync",
      'Attendees: Ana, Ben, Zoë',
      'We talked about the offsite.',
      'The weather was nice.',
    ]);
    expect(report).toMatchObject({ lines: 10, assignees: 4, dueDates: 6, labels: 1, priorities: 2 });
  });

  it('proposes what the batch endpoint accepts', () => {
    const { proposals } = parseTasks(notes, context);
    const body = proposals.map(({ project: _project, ...task }) => task);
    expect(CreateBatchSchema.safeParse({ tasks: body }).success).toBe(true);
  });

  it('keeps a checkbox list as tasks even without verbs, but not its heading', () => {
    const { proposals } = parseTasks('Shopping:\n- [ ] Milk\n- [x] Bread', context);
    expect(proposals.map((task) => task.title)).toEqual(['Milk', 'Bread']);
  });

  it('stops at the most tasks one text may propose and says so', () => {
    const { proposals, report } = parseTasks(Array.from({ length: 60 }, (_, index) => `- Call client ${index}`).join('\n'), context);
    expect(proposals).toHaveLength(50);
    expect(report.skipped.filter((skipped) => skipped.reason === 'too-many')).toHaveLength(10);
  });
});
