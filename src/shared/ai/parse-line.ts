import { TASK_TITLE_MAX, type TaskPriority } from '#src/shared/tasks/paths.ts';
import { ACTION_VERBS, VERB_LEADS } from './action-verbs.ts';
import { findDueDatesMany, type DateSpan } from './due-date.ts';
import { findNamed, fold, matchMember, type MemberRef } from './match-names.ts';
import type { NamedRef } from './paths.ts';

// What the parser is told besides the text: when and where the person is, and the workspace's names.
export interface ParseContext {
  // Epoch ms: "tomorrow" is the day after this instant's day in `timeZone`.
  now: number;
  // IANA name, e.g. "Europe/Berlin".
  timeZone: string;
  members: readonly MemberRef[];
  // The workspace's labels, so "#Bugs" keeps the spelling already in use.
  labels?: readonly string[];
  // Projects and clients a task may belong to, when the workspace has them.
  projects?: readonly NamedRef[];
}

export type SpanKind = 'assignee' | 'label' | 'priority' | 'date' | 'project';

// A recognised part of the line, for highlighting as the person types (offsets into the line).
export interface Span {
  kind: SpanKind;
  start: number;
  end: number;
}

export interface ParsedLine {
  title: string;
  // What did not fit in the title.
  overflow: string;
  assigneeId: string | null;
  dueDate: string | null;
  priority: TaskPriority;
  // False when no priority was named (the task gets the default).
  priorityNamed: boolean;
  labels: string[];
  project: NamedRef | null;
  // Starts with an action verb, or one follows "will", "to", "please"…
  hasVerb: boolean;
  spans: Span[];
}

const MENTION = /(?<![\p{L}\p{N}])@([\p{L}\p{N}][\p{L}\p{N}._+-]*(?:@[\p{L}\p{N}.-]+\.[\p{L}]{2,})?)/gu;
const LABEL = /(?<![\p{L}\p{N}&])#(\p{L}[\p{L}\p{N}_/-]*)/gu;
const PROJECT = /(?<![\p{L}\p{N}])\+(\p{L}[\p{L}\p{N}_-]*)/gu;
const PRIORITY_TOKEN = /(?<!\S)!(high|hi|h|urgent|1|medium|med|m|normal|2|low|lo|l|3)(?![\p{L}\p{N}])/giu;
const PRIORITY_WORDS =
  /\b(?:(high|top|medium|normal|low)[\s-]+priority|(urgent(?:ly)?|asap|critical|blocker)|(nice[\s-]+to[\s-]+have|whenever))\b/giu;

function tokenPriority(token: string): TaskPriority {
  const value = token.toLowerCase();
  if (['high', 'hi', 'h', 'urgent', '1'].includes(value)) return 'high';
  if (['low', 'lo', 'l', '3'].includes(value)) return 'low';
  return 'medium';
}

function wordPriority(match: RegExpMatchArray): TaskPriority {
  if (match[2]) return 'high';
  if (match[3]) return 'low';
  const level = match[1]!.toLowerCase();
  return level === 'top' ? 'high' : level === 'normal' ? 'medium' : (level as TaskPriority);
}

// "Ana will…", "Ben to…", "Zoë: …" at the start of a line name who does it.
const LEAD_NAME = /^([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?)(?:\s*:\s*|\s+(?=(?:will|to|should|must|needs\s+to|has\s+to|can)\s))/u;

// Noise before the action: bullets are gone already; these are the words people put in front.
const PREFIXES =
  /^(?:(?:todo|to-do|action(?:\s+item)?|ai|task|next\s+step|follow[\s-]?up)\s*[:-]\s*|(?:please|pls|kindly)\s+|(?:we|i|you|they|someone)\s+(?:need\s+to|needs\s+to|have\s+to|has\s+to|should|must|will|can)\s+|(?:need\s+to|needs\s+to|have\s+to|should|must|will|to|let'?s|let\s+us)\s+)+/iu;

function startsWithVerb(title: string): boolean {
  const first = fold(title.split(/\s+/u)[0] ?? '').replace(/[^a-z-]/g, '');
  return ACTION_VERBS.has(first);
}

function verbFollowsLead(text: string): boolean {
  const words = fold(text).split(/[^a-z'-]+/u);
  return words.some((word, index) => (VERB_LEADS as readonly string[]).includes(word) && ACTION_VERBS.has(words[index + 1] ?? ''));
}

function collapse(value: string): string {
  return value
    .replace(/\s+/gu, ' ')
    .replace(/\s+([,.;:!?])/gu, '$1')
    .replace(/^[\s,.;:–—-]+|[\s,;:–—-]+$/gu, '')
    .replace(/\.$/u, '')
    .trim();
}

function capitalise(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

// Cuts `text` to at most `max` characters at a word boundary; the rest is returned as overflow.
function fit(text: string, max: number): [string, string] {
  if (text.length <= max) return [text, ''];
  const cut = text.lastIndexOf(' ', max);
  const at = cut > max / 2 ? cut : max;
  return [text.slice(0, at).trim(), text.slice(at).trim()];
}

// What is found before dates: the tokens, and the line with them blanked out for the date finder.
interface Scan {
  line: string;
  context: ParseContext;
  spans: Span[];
  masked: string;
  assigneeId: string | null;
  priority: TaskPriority;
  priorityNamed: boolean;
  project: NamedRef | null;
  labels: string[];
}

const overlaps = (spans: readonly Span[], start: number, end: number) => spans.some((span) => start < span.end && end > span.start);

function scanLine(line: string, context: ParseContext): Scan {
  const spans: Span[] = [];
  let assigneeId: string | null = null;
  let priority: TaskPriority = 'medium';
  let priorityNamed = false;
  let project: NamedRef | null = null;
  const labels: string[] = [];
  const knownLabels = new Map((context.labels ?? []).map((label) => [fold(label), label]));
  const taken = (start: number, end: number) => overlaps(spans, start, end);

  for (const match of line.matchAll(MENTION)) {
    const member = matchMember(match[1]!, context.members);
    if (!member) continue;
    assigneeId ??= member.id;
    spans.push({ kind: 'assignee', start: match.index, end: match.index + match[0].length });
  }
  for (const match of line.matchAll(LABEL)) {
    const label = knownLabels.get(fold(match[1]!)) ?? match[1]!;
    if (!labels.some((known) => fold(known) === fold(label))) labels.push(label);
    spans.push({ kind: 'label', start: match.index, end: match.index + match[0].length });
  }
  for (const match of line.matchAll(PRIORITY_TOKEN)) {
    if (!priorityNamed) priority = tokenPriority(match[1]!);
    priorityNamed = true;
    spans.push({ kind: 'priority', start: match.index, end: match.index + match[0].length });
  }
  for (const match of line.matchAll(PRIORITY_WORDS)) {
    if (taken(match.index, match.index + match[0].length)) continue;
    if (!priorityNamed) priority = wordPriority(match);
    priorityNamed = true;
    spans.push({ kind: 'priority', start: match.index, end: match.index + match[0].length });
  }
  const projects = context.projects ?? [];
  for (const match of line.matchAll(PROJECT)) {
    const found = findNamed(match[1]!, projects);
    if (!found || taken(match.index, match.index + match[0].length)) continue;
    project ??= found.ref;
    spans.push({ kind: 'project', start: match.index, end: match.index + match[0].length });
  }
  const lead = LEAD_NAME.exec(line);
  if (lead) {
    const member = matchMember(lead[1]!, context.members);
    if (member && !taken(0, lead[0].length)) {
      assigneeId ??= member.id;
      spans.push({ kind: 'assignee', start: 0, end: lead[0].length });
    }
  }

  // Dates are looked for in what is left, with every part found so far blanked out.
  let masked = line;
  for (const span of spans) masked = masked.slice(0, span.start) + ' '.repeat(span.end - span.start) + masked.slice(span.end);
  return { line, context, spans, masked, assigneeId, priority, priorityNamed, project, labels };
}

function finishLine(scan: Scan, dates: readonly DateSpan[]): ParsedLine {
  const { line, context, spans, labels, assigneeId, priority, priorityNamed } = scan;
  let { project } = scan;
  const taken = (start: number, end: number) => overlaps(spans, start, end);
  const projects = context.projects ?? [];
  let dueDate: string | null = null;
  for (const span of dates) {
    if (taken(span.start, span.end)) continue;
    dueDate ??= span.dueDate;
    spans.push({ kind: 'date', start: span.start, end: span.end });
  }

  // A project named in the sentence stays in it ("Draft the Brightlane brief"); only "+Name" goes.
  if (!project && fold(line).length === line.length) {
    const found = findNamed(line, projects);
    if (found && !taken(found.start, found.end)) {
      project = found.ref;
      spans.push({ kind: 'project', start: found.start, end: found.end });
    }
  }

  spans.sort((a, b) => a.start - b.start);
  let rest = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    rest += line.slice(at, span.start) + (span.kind === 'project' && line[span.start] !== '+' ? line.slice(span.start, span.end) : ' ');
    at = span.end;
  }
  rest += line.slice(at);
  const stripped = collapse(rest).replace(PREFIXES, '');
  const [title, overflow] = fit(capitalise(collapse(stripped)), TASK_TITLE_MAX);
  const hasVerb = startsWithVerb(title) || verbFollowsLead(line);
  return { title, overflow, assigneeId, dueDate, priority, priorityNamed, labels, project, hasVerb, spans };
}

// One line of text → one task's fields, and where each recognised part sits in the line.
export function parseLine(line: string, context: ParseContext): ParsedLine {
  return parseLines([line], context)[0]!;
}

// Many lines at once: the date finder reads them all in one pass.
export function parseLines(lines: readonly string[], context: ParseContext): ParsedLine[] {
  const scans = lines.map((line) => scanLine(line, context));
  const dates = findDueDatesMany(
    scans.map((scan) => scan.masked),
    context.now,
    context.timeZone,
  );
  return scans.map((scan, index) => finishLine(scan, dates[index]!));
}
