// Field rules every domain's request schemas build on: one place for what a text field may hold.
import { z } from 'zod';
import { EMAIL_MAX } from './limits.ts';

export function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });
}

// Control characters have no place in a name or an email and break mail headers.
export const NO_CONTROL = /^\P{Cc}*$/u;
// In a name shown to others, what cannot be seen disguises what it says: format characters (\p{Cf}: direction
// overrides and isolates, zero-width characters, soft hyphen, invisible operators, tag characters), line and
// paragraph separators, and the fillers that render as blank (Hangul fillers U+115F, U+1160, U+3164, U+FFA0;
// the blank Braille pattern U+2800).
export const NO_DISGUISE = /^[^\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]*$/u;
// A name must say something: at least one letter or digit (the fillers above are letters to Unicode, so this
// holds only together with NO_DISGUISE).
export const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

// A one-line name or title people see: trimmed, required, bounded, nothing invisible, something legible.
export function displayName(label: string, max: number) {
  return text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .regex(NO_CONTROL, { error: `${label} contains characters that are not allowed.` })
    .regex(NO_DISGUISE, { error: `${label} contains characters that are not allowed.` })
    .regex(SAYS_SOMETHING, { error: `${label} must contain a letter or a digit.` });
}

export const email = text('Email')
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters.` })
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((value) => value.toLowerCase());

// Tabs and line breaks are welcome in Markdown and comments; other control characters are not.
export const MULTILINE_OK = /^(?:[\t\n\r]|\P{Cc})*$/u;

// The id of a row (a UUID), as a path or body names it.
export function entityId(label: string) {
  return text(label).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: `${label} is not valid.` });
}

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// A calendar day with no time zone, 'YYYY-MM-DD' (it sorts as text).
export function calendarDay(label: string) {
  return text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-01-31.` })
    .refine(isCalendarDay, { error: `${label} is not a real date.` });
}

// The first issue, as one sentence, for `{ "error": … }`.
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${keys}.`;
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'The request body must be a JSON object.';
  return issue.message;
}
