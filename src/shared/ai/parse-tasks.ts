import { SAYS_SOMETHING } from '#src/shared/validation.ts';
import { TASK_DESCRIPTION_MAX, TASK_LABEL_MAX, TASK_LABELS_MAX } from '#src/shared/tasks/paths.ts';
import { AI_TEXT_MAX, PROPOSALS_MAX, type ParseReport, type SkipReason, type TaskProposal } from './paths.ts';
import { cleanText } from './clean-text.ts';
import { parseLines, type ParseContext } from './parse-line.ts';

// A bullet, a number or a checkbox in front of a line: "- ", "* ", "• ", "1. ", "2) ", "[ ] ", "- [x] ".
const BULLET = /^(\s*)(?:(?:[-*•+‣◦▪–]|\d{1,3}[.)])\s+)?(?:\[[ xX]?\]\s+)?/u;
// Sentence ends inside a paragraph; "!high" and "e.g. " do not end one.
const SENTENCE_END = /(?<=[\p{L}\p{N})"'’][.?!])\s+(?=[\p{Lu}@"'‘“])/u;
// A line that only introduces what follows: "Action items:", "Notes from Monday:".
const HEADING = /:\s*$/u;

// A skipped line is quoted back to the person this long at most.
const SKIPPED_SHOWN = 200;

interface Candidate {
  text: string;
  // A bullet, number or checkbox: the person listed it as a thing to do.
  listed: boolean;
  indent: number;
  details: string[];
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const line of text.split(/\r\n|\r|\n/u)) {
    const raw = cleanText(line);
    if (raw.trim() === '') continue;
    const bullet = BULLET.exec(raw)!;
    const body = raw.slice(bullet[0].length).trim();
    if (body === '') continue;
    const indent = bullet[1]!.length;
    const listed = bullet[0].trim() !== '';
    const parent = found.at(-1);
    // An indented line under a listed one adds to it: its details become the description.
    if (parent?.listed && indent > parent.indent) {
      parent.details.push(body);
      continue;
    }
    if (listed) {
      found.push({ text: body, listed, indent, details: [] });
      continue;
    }
    for (const sentence of body.split(SENTENCE_END)) {
      if (sentence.trim() !== '') found.push({ text: sentence.trim(), listed: false, indent, details: [] });
    }
  }
  return found;
}

// The deterministic parser (no model): one task per bullet or line, one per sentence of a paragraph
// that asks for an action, with its assignee, due date, priority, labels and project read from the
// words. Whatever it leaves out is counted in the report, so the page can say what it did.
export function parseTasks(text: string, context: ParseContext): { proposals: TaskProposal[]; report: ParseReport } {
  const report: ParseReport = { lines: 0, skipped: [], assignees: 0, dueDates: 0, labels: 0, priorities: 0 };
  const proposals: TaskProposal[] = [];
  const found = candidates(text.slice(0, AI_TEXT_MAX));
  const parsedLines = parseLines(
    found.map((candidate) => candidate.text),
    context,
  );
  found.forEach((candidate, index) => {
    report.lines += 1;
    const parsed = parsedLines[index]!;
    // "@ben", "#bugs", "!high" mark a line as a task even without a verb; a date alone does not
    // ("Notes from Monday's sync").
    const tokens = parsed.spans.some((span) => '@#!'.includes(candidate.text[span.start]!));
    const wanted = candidate.listed ? !HEADING.test(candidate.text) || parsed.hasVerb : parsed.hasVerb || tokens;
    const skip: SkipReason | null = !SAYS_SOMETHING.test(parsed.title)
      ? 'empty'
      : !wanted
        ? 'no-action'
        : proposals.length >= PROPOSALS_MAX
          ? 'too-many'
          : null;
    if (skip) {
      report.skipped.push({ text: candidate.text.slice(0, SKIPPED_SHOWN), reason: skip });
      return;
    }
    if (parsed.assigneeId) report.assignees += 1;
    if (parsed.dueDate) report.dueDates += 1;
    if (parsed.priorityNamed) report.priorities += 1;
    report.labels += parsed.labels.length;
    const description = [parsed.overflow, ...candidate.details].filter(Boolean).join('\n').slice(0, TASK_DESCRIPTION_MAX);
    proposals.push({
      title: parsed.title,
      description,
      assigneeId: parsed.assigneeId,
      dueDate: parsed.dueDate,
      priority: parsed.priority,
      labels: parsed.labels.map((label) => label.slice(0, TASK_LABEL_MAX)).slice(0, TASK_LABELS_MAX),
      project: parsed.project,
    });
  });
  return { proposals, report };
}
