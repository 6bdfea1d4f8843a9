import { casual } from 'chrono-node/en';
import { wallClock } from './time-zone.ts';

// A calendar day in the person's zone: what a task's due date holds ('YYYY-MM-DD', no time zone).
export interface CalendarDay {
  year: number;
  // 1–12
  month: number;
  day: number;
}

export interface DateSpan {
  start: number;
  end: number;
  dueDate: string;
}

export function dayString({ year, month, day }: CalendarDay): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

function dayOf(date: Date): CalendarDay {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function addDays(today: Date, days: number): string {
  return dayString(dayOf(new Date(today.getTime() + days * 86_400_000)));
}

const FRIDAY = 5;

// "end of the week" is the coming Friday (today on a Friday; the next one at a weekend): a work week.
function endOfWeek(today: Date, weeksAhead: number): string {
  const ahead = (FRIDAY - today.getUTCDay() + 7) % 7;
  return addDays(today, ahead + 7 * weeksAhead);
}

function endOfMonth(today: Date, monthsAhead: number): string {
  // Day 0 of the month after is the last day of the month wanted.
  return dayString(dayOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1 + monthsAhead, 0))));
}

// Chrono reads "end of month" but not the week, the day, the year or their abbreviations; these are ours.
const END_OF = /\b(?:(?:the\s+)?end\s+of\s+(?:the\s+)?(this\s+|next\s+)?(day|week|month|year)|eo(d|w|m|y))\b/giu;

function endOfPhrase(today: Date, match: RegExpExecArray): string {
  const next = match[1]?.trim().toLowerCase() === 'next' ? 1 : 0;
  const unit = (match[2] ?? match[3]!).toLowerCase()[0];
  if (unit === 'd') return addDays(today, next);
  if (unit === 'w') return endOfWeek(today, next);
  if (unit === 'm') return endOfMonth(today, next);
  return dayString({ year: today.getUTCFullYear() + next, month: 12, day: 31 });
}

// Words that lead into a date and go with it out of the title ("Send the deck by Friday").
const LEAD_IN = /(?:\b(?:due(?:\s+(?:by|on))?|by|on|before|until|till|for|no\s+later\s+than)\s+)$/iu;

function withLeadIn(text: string, start: number): number {
  const lead = LEAD_IN.exec(text.slice(Math.max(0, start - 24), start));
  return lead ? start - lead[0].length : start;
}

// Chrono reads every character with some forty patterns and then works hard on each date it finds, so
// it is shown only the few words around something that can start a date, each distinct phrase once
// ("by Friday" on ten lines is read once), all in one call: the budget is 200 lines in 20 ms.
const DATE_HINT =
  /\b(?:today|tonight|tomorrow|tmrw?|yesterday|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|weekends?|weeks?|months?|years?|fortnights?|days?|noon|midnight|\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2}(?:st|nd|rd|th))\b/giu;
const WORDS_BEFORE = 2;
const WORDS_AFTER = 2;
const SEPARATOR = '\n\n';

interface Window {
  // Where the phrase starts in the joined string, and the texts it came from (index, offset).
  at: number;
  length: number;
  places: Array<{ text: number; from: number }>;
}

// Word boundaries of `text`: [start, end] of each run of non-spaces.
function wordsOf(text: string): Array<[number, number]> {
  return [...text.matchAll(/\S+/gu)].map((match) => [match.index, match.index + match[0].length]);
}

function windowsOf(text: string): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  let words: Array<[number, number]> | null = null;
  for (const hint of text.matchAll(DATE_HINT)) {
    words ??= wordsOf(text);
    const index = words.findIndex(([, end]) => end > hint.index);
    const from = words[Math.max(0, index - WORDS_BEFORE)]![0];
    const to = words[Math.min(words.length - 1, index + WORDS_AFTER)]![1];
    const last = windows.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

// Every due date named in each text: first the "end of" phrases, then what chrono-node finds in the
// rest. Times alone ("at 5pm") name no day and are left in the title.
export function findDueDatesMany(texts: readonly string[], now: number, timeZone: string): DateSpan[][] {
  const today = wallClock(now, timeZone);
  const found: DateSpan[][] = texts.map(() => []);
  const rests: string[] = [];
  texts.forEach((text, index) => {
    let rest = text;
    for (const match of text.matchAll(END_OF)) {
      const start = withLeadIn(text, match.index);
      const end = match.index + match[0].length;
      found[index]!.push({ start, end, dueDate: endOfPhrase(today, match as RegExpExecArray) });
      rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
    }
    rests.push(rest);
  });
  const windows = new Map<string, Window>();
  let joined = '';
  rests.forEach((rest, index) => {
    for (const [from, to] of windowsOf(rest)) {
      const phrase = rest.slice(from, to);
      let window = windows.get(phrase);
      if (!window) {
        if (joined) joined += SEPARATOR;
        window = { at: joined.length, length: phrase.length, places: [] };
        windows.set(phrase, window);
        joined += phrase;
      }
      window.places.push({ text: index, from });
    }
  });
  if (joined === '') return found;
  const ordered = [...windows.values()];
  for (const result of casual.parse(joined, { instant: today, timezone: 0 }, { forwardDate: true })) {
    const window = ordered.find((candidate) => result.index >= candidate.at && result.index < candidate.at + candidate.length);
    if (!window || result.index + result.text.length > window.at + window.length) continue;
    const { start: date } = result;
    if (!date.isCertain('day') && !date.isCertain('weekday') && !date.isCertain('month')) continue;
    const dueDate = dayString({ year: date.get('year')!, month: date.get('month')!, day: date.get('day')! });
    for (const place of window.places) {
      const start = place.from + result.index - window.at;
      found[place.text]!.push({ start: withLeadIn(rests[place.text]!, start), end: start + result.text.length, dueDate });
    }
  }
  return found.map((spans) => spans.sort((a, b) => a.start - b.start));
}
