// The words of AI task creation: what its endpoints answer and what the AI Mode page says.
import type { ParseReport, ProposalSource } from './paths.ts';

export const aiError = {
  batchNotFound: 'Those tasks were not found.',
  nothingToUndo: 'These tasks were already removed.',
  nothingToRestore: 'These tasks are already on the board.',
  ownerOnly: 'Only an owner of this workspace can turn AI on or off.',
  streamFailed: 'Something went wrong while reading your text. Try again.',
} as const;

export const aiNotice = {
  undone: 'Tasks removed.',
  restored: 'Tasks restored.',
} as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

// Why the parser, not a model, wrote the proposals; said plainly on the page.
export function sourceLine(source: ProposalSource): string {
  if (source.kind === 'model') return `Proposed by the AI model ${source.model}. Review each task before creating it.`;
  switch (source.reason) {
    case 'not-configured':
      return 'No AI model is configured, so the built-in parser read your text.';
    case 'turned-off':
      return 'An owner turned AI off for this workspace, so the built-in parser read your text.';
    case 'daily-limit':
      return 'This workspace has used its AI requests for today, so the built-in parser read your text.';
    case 'model-busy':
      return 'The AI model is busy (it asked us to slow down), so the built-in parser read your text instead.';
    case 'model-timeout':
      return 'The AI model took too long to answer, so the built-in parser read your text instead.';
    case 'model-failed':
      return 'The AI model did not give a usable answer, even when asked again, so the built-in parser read your text instead.';
  }
}

// What the parser did, in one sentence.
export function reportLine(report: ParseReport, proposed: number): string {
  const found = [
    plural(report.assignees, 'assignee'),
    plural(report.dueDates, 'due date'),
    plural(report.priorities, 'priority', 'priorities'),
    plural(report.labels, 'label'),
  ].join(', ');
  const skipped = report.skipped.length > 0 ? `, skipped ${plural(report.skipped.length, 'line')} with no action to take` : '';
  return `It read ${plural(report.lines, 'line')} and proposed ${plural(proposed, 'task')}${skipped}; it recognised ${found}.`;
}

export const aiUi = {
  lead: 'Paste meeting notes, an email or a list. Review the proposed tasks, then create them on the board.',
  textLabel: 'Notes, an email or a list',
  textHint: 'One task per line or bullet. Add @name, #label, !high and dates like "by Friday".',
  propose: 'Propose tasks',
  proposing: 'Reading…',
  clear: 'Start over',
  proposalsTitle: 'Proposed tasks',
  noProposals: 'No tasks found in this text. Put each task on its own line, starting with what to do ("Send the deck to Ana").',
  emptyState: 'Proposed tasks appear here for you to review. Nothing is created until you choose Create.',
  skippedTitle: (count: number) => `Skipped ${plural(count, 'line')}`,
  include: (title: string) => `Include "${title}"`,
  remove: (title: string) => `Drop "${title}"`,
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  assigneeLabel: 'Assignee',
  unassigned: 'Unassigned',
  dueLabel: 'Due date',
  priorityLabel: 'Priority',
  labelsLabel: 'Labels',
  projectLabel: 'Project',
  noProject: 'No project',
  labelsHint: 'Separate labels with commas.',
  create: (count: number) => `Create ${plural(count, 'task')}`,
  creating: 'Creating…',
  created: (count: number) => `${plural(count, 'task')} created on the board.`,
  undo: 'Undo',
  openBoard: 'Open the board',
  settingsTitle: 'AI model',
  modelOn: (model: string) => `Proposals come from the AI model ${model}.`,
  modelNone:
    'No AI model is configured on this server. The built-in parser proposes tasks; an operator can set AI_BASE_URL and AI_MODEL to use a model.',
  modelOff: 'An owner turned AI off for this workspace. The built-in parser proposes tasks.',
  usage: (used: number, limit: number) => `${used} of ${limit} AI requests used today.`,
  switchLabel: 'Use the AI model in this workspace',
  readFailed: 'The proposals could not be read. Try again.',
} as const;

// Quick add in the board's new-task box.
export const quickAddUi = {
  label: 'Quick add',
  hint: 'Type a task the way you would say it: "Fix login bug tomorrow @ben #bugs !high", then press Enter.',
  recognised: 'Recognised',
  kinds: { assignee: 'Assignee', label: 'Label', priority: 'Priority', date: 'Due date', project: 'Project' },
} as const;
