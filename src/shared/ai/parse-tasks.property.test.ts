import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_VERBS } from './action-verbs.ts';
import { fold } from './match-names.ts';
import { parseLine } from './parse-line.ts';
import { parseTasks } from './parse-tasks.ts';
import { CreateBatchSchema } from './schemas.ts';

// Zones with and without summer time, both hemispheres, half-hour offsets, and the two ends of the
// date line, where "today" differs from UTC's by up to a day either way.
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

const DAY = 86_400_000;
const zone = fc.constantFrom(...ZONES);
// 2020–2035, to the minute; and instants within two days of a month's end and of the summer-time
// changes of the zones above (late March, early April, October, early November).
const anyInstant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) });
const nearMonthEnd = fc
  .record({
    year: fc.integer({ min: 2020, max: 2035 }),
    month: fc.integer({ min: 0, max: 11 }),
    offset: fc.integer({ min: -2 * DAY, max: 2 * DAY }),
  })
  .map(({ year, month, offset }) => Date.UTC(year, month + 1, 1) + offset);
const nearSummerTime = fc
  .record({
    year: fc.integer({ min: 2020, max: 2035 }),
    change: fc.constantFrom([2, 8], [2, 29], [3, 5], [9, 4], [9, 25], [10, 1]),
    offset: fc.integer({ min: -2 * DAY, max: 2 * DAY }),
  })
  .map(({ year, change, offset }) => Date.UTC(year, change[0]!, change[1]!) + offset);
const instant = fc.oneof(anyInstant, nearMonthEnd, nearSummerTime);

// The oracle: the calendar day of `now` in `timeZone`, by Intl alone, and day arithmetic in UTC.
function localDay(now: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const dueOf = (text: string, now: number, timeZone: string) => parseLine(text, { now, timeZone, members: [] }).dueDate;

describe('due dates in the person’s zone', () => {
  it('"today" and "tomorrow" are that day and the next in the zone, across month ends and summer time', () => {
    fc.assert(
      fc.property(instant, zone, (now, timeZone) => {
        const today = localDay(now, timeZone);
        expect(dueOf('Call the bank today', now, timeZone)).toBe(today);
        expect(dueOf('Call the bank tomorrow', now, timeZone)).toBe(plusDays(today, 1));
      }),
      { numRuns: 300 },
    );
  });

  it('"end of month" is the last day of the zone’s current month', () => {
    fc.assert(
      fc.property(instant, zone, (now, timeZone) => {
        const today = localDay(now, timeZone);
        const due = dueOf('Send the invoices end of month', now, timeZone)!;
        expect(due.slice(0, 7)).toBe(today.slice(0, 7));
        expect(plusDays(due, 1).slice(8)).toBe('01');
      }),
      { numRuns: 300 },
    );
  });

  it('"by <weekday>" is that weekday within the coming week; "next <weekday>" is after today', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 0, max: 6 }), (now, timeZone, day) => {
        const today = localDay(now, timeZone);
        const by = dueOf(`Book the room by ${WEEKDAYS[day]}`, now, timeZone)!;
        expect(weekday(by)).toBe(day);
        expect(by >= today && by <= plusDays(today, 7)).toBe(true);
        const next = dueOf(`Book the room next ${WEEKDAYS[day]}`, now, timeZone)!;
        expect(weekday(next)).toBe(day);
        expect(next > today && next <= plusDays(today, 14)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('"in N days" counts calendar days in the zone', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 1, max: 60 }), (now, timeZone, days) => {
        expect(dueOf(`Renew the domain in ${days} days`, now, timeZone)).toBe(plusDays(localDay(now, timeZone), days));
      }),
      { numRuns: 200 },
    );
  });

  describe('whatever zone the machine itself runs in', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('gives the same days', () => {
      fc.assert(
        fc.property(instant, zone, fc.constantFrom('Pacific/Honolulu', 'Asia/Tokyo', 'Europe/London'), (now, timeZone, machine) => {
          const text = 'Ship it tomorrow, then plan next Friday and end of month';
          vi.stubEnv('TZ', 'UTC');
          const here = parseLine(text, { now, timeZone, members: [] });
          vi.stubEnv('TZ', machine);
          expect(new Date(0).getTimezoneOffset()).not.toBe(0);
          expect(parseLine(text, { now, timeZone, members: [] })).toEqual(here);
        }),
        { numRuns: 50 },
      );
    });
  });
});

// Names in the languages a team writes in, accents and all.
const letter = fc.constantFrom(...'abcdefghijklmnoprstuvyz'.split(''), 'é', 'è', 'ë', 'á', 'ñ', 'ø', 'ü', 'ç', 'ő', 'ž', 'å');
const word = fc.string({ unit: letter, minLength: 2, maxLength: 9 }).map((value) => value.charAt(0).toLocaleUpperCase() + value.slice(1));

describe('people by name, with or without accents', () => {
  it('"@<first name>" typed without accents, in any case, finds the one member with that first name', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(word, word), { minLength: 1, maxLength: 6, selector: ([first]) => fold(first) }),
        fc.nat(),
        (names, pick) => {
          // A full name written as one word could equal another's first name ("Aa Aa", "Aaaa"): that
          // handle is rightly someone else's, so such teams are left out.
          fc.pre(!names.some(([first, last]) => names.some(([other]) => fold(first + last) === fold(other))));
          const members = names.map(([first, last], index) => ({
            id: `m${index}`,
            name: `${first} ${last}`,
            email: `m${index}@example.com`,
          }));
          const chosen = pick % members.length;
          const handle = fold(names[chosen]![0]);
          for (const typed of [handle, handle.toUpperCase(), names[chosen]![0]]) {
            const parsed = parseLine(`Review the draft @${typed}`, { now: 0, timeZone: 'UTC', members });
            expect(parsed.assigneeId).toBe(`m${chosen}`);
            expect(parsed.title).toBe('Review the draft');
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

// Words that are not action verbs, for lines that only note something.
const NOUNS = [
  'budget',
  'weather',
  'agenda',
  'meeting',
  'coffee',
  'quarter',
  'client',
  'numbers',
  'office',
  'the',
  'was',
  'good',
  'and',
  'our',
];

describe('lines without a verb', () => {
  it('a plain line of notes with no action verb and no @, # or ! is not proposed, and is reported as skipped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...NOUNS), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 10 }),
        (lines) => {
          const text = lines.map((words) => words.join(' ')).join('\n');
          const { proposals, report } = parseTasks(text, { now: 0, timeZone: 'UTC', members: [] });
          expect(proposals).toEqual([]);
          expect(report.skipped.map((skipped) => skipped.reason)).toEqual(lines.map(() => 'no-action'));
        },
      ),
    );
  });

  it('the same line with an action verb in front is proposed, its title starting with that verb', () => {
    const verbs = [...ACTION_VERBS];
    fc.assert(
      fc.property(fc.constantFrom(...verbs), fc.array(fc.constantFrom(...NOUNS), { minLength: 1, maxLength: 8 }), (verb, words) => {
        const { proposals } = parseTasks(`${verb} ${words.join(' ')}`, { now: 0, timeZone: 'UTC', members: [] });
        expect(proposals).toHaveLength(1);
        expect(fold(proposals[0]!.title).startsWith(verb)).toBe(true);
      }),
    );
  });
});

describe('any text at all', () => {
  it('never throws, and everything it proposes is what the batch endpoint accepts', () => {
    const members = [{ id: '00000000-0000-4000-8000-000000000001', name: 'Ana Sánchez', email: 'ana@example.com' }];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.lorem({ maxCount: 40, mode: 'sentences' }),
        ),
        (text) => {
          const { proposals } = parseTasks(`- ${text}\n${text}`, { now: Date.UTC(2026, 0, 1), timeZone: 'Asia/Kolkata', members });
          if (proposals.length === 0) return;
          const body = proposals.map(({ project: _project, ...task }) => task);
          const checked = CreateBatchSchema.safeParse({ tasks: body });
          expect(checked.error?.issues ?? []).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
