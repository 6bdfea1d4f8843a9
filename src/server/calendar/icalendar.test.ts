import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icalendar, type AllDayEvent } from './icalendar.ts';

const event = (summary: string, description = ''): AllDayEvent => ({
  uid: 'task-1@tessera.example',
  sequence: 4,
  stamp: Date.UTC(2026, 10, 25, 3, 39, 20),
  date: '2026-06-30',
  summary,
  description,
  url: 'https://tessera.example/board?workspace=w&task=t',
});

function readBack(document: string) {
  const [vevent] = new ICAL.Component(ICAL.parse(document)).getAllSubcomponents('vevent');
  return new ICAL.Event(vevent);
}

// What a calendar app reads back is exactly what the task says, however long or whatever its script.
describe('the iCalendar writer', () => {
  it('folds long lines at 75 octets without splitting a character, and reads back whole', () => {
    const summary = `Ünïcødé ${'naïve café 😀 東京 '.repeat(12)}end`;
    const description = `Plain ASCII text, ${'long enough to fold several times '.repeat(10)}`;
    const document = icalendar({ name: 'Tessera: my tasks', prodId: '-//Tessera//tasks//EN' }, [event(summary, description)]);
    const lines = document.split('\r\n');
    expect(lines.length).toBeGreaterThan(12);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(readBack(document).summary).toBe(summary);
    expect(readBack(document).description).toBe(description);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    const summary = 'Fix, then; ship \\ now';
    const description = 'Acme\n\nLine one\r\nLine two';
    const read = readBack(icalendar({ name: 'Mine, all; mine', prodId: '-//Tessera//tasks//EN' }, [event(summary, description)]));
    expect(read.summary).toBe(summary);
    expect(read.description).toBe('Acme\n\nLine one\nLine two');
    expect(read.uid).toBe('task-1@tessera.example');
    expect(read.sequence).toBe(4);
    expect(read.startDate.toString()).toBe('2026-06-30');
    expect(read.startDate.isDate).toBe(true);
    expect(read.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-25T03:39:20Z');
  });

  it('writes an empty calendar when there is nothing due', () => {
    const document = icalendar({ name: 'Tessera: my tasks', prodId: '-//Tessera//tasks//EN' }, []);
    expect(new ICAL.Component(ICAL.parse(document)).getAllSubcomponents('vevent')).toEqual([]);
    expect(document.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
