import { describe, expect, it } from 'vitest';
import type { Task } from '#src/shared/tasks/paths.ts';
import { boardLabels, isFiltering, matchesFilters, readFilters, withFilter } from './board-filters.ts';
import { draftOf, fieldsOf, rebase } from './task-draft.ts';
import { sampleTask } from '../../../tests/support/sample-tasks.ts';

const base = sampleTask({
  workspaceId: 'w',
  columnId: 'c',
  title: 'Write the Launch notes',
  assignee: { id: 'u-ada', name: 'Ada' },
  priority: 'high',
  labels: ['Docs', 'launch'],
});
const unassigned: Task = {
  ...base,
  id: 't2',
  title: 'Fix the login bug',
  assignee: null,
  priority: 'low',
  labels: ['bug'],
  projectId: 'p-site',
};
const other: Task = { ...base, id: 't3', title: 'Audit', assignee: null, labels: [], projectId: 'p-audit' };
// Acme has the website; Globex the audit.
const clientOf = new Map([
  ['p-site', 'c-acme'],
  ['p-audit', 'c-globex'],
]);

const filter = (query: string) => readFilters(new URLSearchParams(query));
const matching = (query: string) =>
  [base, unassigned, other].filter((task) => matchesFilters(task, filter(query), clientOf)).map((task) => task.id);

describe('board filters', () => {
  it('read the address, dropping a priority that does not exist', () => {
    expect(filter('assignee=u-ada&label=docs&priority=high&q=%20launch%20')).toEqual({
      assignee: 'u-ada',
      label: 'docs',
      priority: 'high',
      project: '',
      client: '',
      query: 'launch',
    });
    expect(filter('project=p-site&client=c-acme')).toMatchObject({ project: 'p-site', client: 'c-acme' });
    expect(filter('priority=urgent').priority).toBe('');
    expect(isFiltering(filter(''))).toBe(false);
    expect(isFiltering(filter('q=x'))).toBe(true);
    expect(isFiltering(filter('client=c-acme'))).toBe(true);
  });

  it('match by assignee (or nobody), label ignoring case, priority and title words ignoring case', () => {
    expect(matching('')).toEqual(['t1', 't2', 't3']);
    expect(matching('assignee=u-ada')).toEqual(['t1']);
    expect(matching('assignee=none')).toEqual(['t2', 't3']);
    expect(matching('label=DOCS')).toEqual(['t1']);
    expect(matching('label=doc')).toEqual([]);
    expect(matching('priority=low')).toEqual(['t2']);
    expect(matching('q=LOGIN')).toEqual(['t2']);
    expect(matching('q=login&priority=high')).toEqual([]);
  });

  it('match by project, and by client through any of its projects; a task without a project matches neither', () => {
    expect(matching('project=p-site')).toEqual(['t2']);
    expect(matching('client=c-acme')).toEqual(['t2']);
    expect(matching('client=c-globex')).toEqual(['t3']);
    expect(matching('client=c-acme&project=p-audit')).toEqual([]);
    expect(matching('client=c-unknown')).toEqual([]);
  });

  it('change one filter and keep the rest of the address', () => {
    const params = new URLSearchParams('task=t1&label=docs');
    expect(withFilter(params, 'priority', 'high').toString()).toBe('task=t1&label=docs&priority=high');
    expect(withFilter(params, 'label', '').toString()).toBe('task=t1');
    expect(withFilter(params, 'client', 'c-acme').toString()).toBe('task=t1&label=docs&client=c-acme');
  });

  it('list each label once, whatever its case', () => {
    expect(boardLabels([base, unassigned, { ...base, labels: ['docs', 'Zebra'] }])).toEqual(['bug', 'Docs', 'launch', 'Zebra']);
  });
});

describe('the task draft', () => {
  it('turns the form into request fields: labels split on commas, empty choices as null', () => {
    expect(fieldsOf({ ...draftOf(unassigned), labels: ' bug , ,ui ', dueDate: '' })).toMatchObject({
      assigneeId: null,
      dueDate: null,
      labels: ['bug', 'ui'],
      projectId: 'p-site',
      sharedWithClient: false,
    });
    expect(fieldsOf({ ...draftOf(base), projectId: '' })).toMatchObject({ projectId: null });
  });

  it('after a conflict, keeps the person’s edits and takes the teammate’s other changes', () => {
    const opened = draftOf(base);
    const mine = { ...opened, title: 'My title' };
    const theirs = { ...opened, priority: 'low' as const, title: 'Their title' };
    expect(rebase(opened, mine, theirs)).toEqual({ ...opened, title: 'My title', priority: 'low' });
  });
});
