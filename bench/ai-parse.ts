import { parseTasks } from '#src/shared/ai/parse-tasks.ts';
import { median } from './stats.ts';

// AI task creation without a model: 200 lines of meeting notes (people, labels, priorities and the date
// phrases people write) through the parser, as the browser's quick add and the server run it.
const PEOPLE = Array.from({ length: 20 }, (_, index) => ({
  id: `m${index}`,
  name: `Person${index} Surname`,
  email: `p${index}@example.com`,
}));
const DATES = ['by Friday', 'tomorrow', 'next Tuesday', 'end of month', 'in 2 weeks', 'on Dec 4', '', '', '', ''];
const ACTIONS = ['Fix the login bug', 'Send the deck to the client', 'Review the budget', 'Book the venue', 'Draft the release notes'];

export function parseNotes(runs = 21): { medianMs: number } {
  const text = Array.from(
    { length: 200 },
    (_, index) =>
      `- ${ACTIONS[index % ACTIONS.length]} ${DATES[index % DATES.length]} @person${index % 20} #ops${index % 3 === 0 ? ' !high' : ''}`,
  ).join('\n');
  const context = { now: Date.now(), timeZone: 'Europe/Berlin', members: PEOPLE, labels: ['ops'] };
  for (let warm = 0; warm < 5; warm += 1) parseTasks(text, context);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    parseTasks(text, context);
    times.push(performance.now() - start);
  }
  return { medianMs: median(times) };
}
