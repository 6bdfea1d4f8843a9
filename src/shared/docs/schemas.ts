// The zod request schemas of docs (validated by the server, reused by the forms).
import { z } from 'zod';
import { displayName, entityId, NO_CONTROL, text } from '#src/shared/validation.ts';
import { MARKDOWN_MAX_BYTES, PAGE_ICON_MAX, PAGES_PER_WORKSPACE, PAGE_TITLE_MAX } from './paths.ts';

const title = displayName('Title', PAGE_TITLE_MAX);

// An emoji or nothing: no letters or digits (an icon is not a second title), nothing invisible but the
// joiners, skin tones and selectors emoji are built from.
const icon = text('Icon')
  .trim()
  .max(PAGE_ICON_MAX, { error: `Icon must be at most ${PAGE_ICON_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Icon contains characters that are not allowed.' })
  .regex(/^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0F|\u20E3)*$/u, {
    error: 'Icon must be an emoji.',
  })
  .transform((value) => (value === '' ? null : value));

const parentId = entityId('Parent page').nullable();

export const CreatePageSchema = z.strictObject({
  title: title.optional(),
  icon: icon.nullable().optional(),
  parentId: parentId.optional(),
});

export const UpdatePageSchema = z
  .strictObject({ title: title.optional(), icon: icon.nullable().optional() })
  .refine((body) => body.title !== undefined || body.icon !== undefined, { error: 'Give a new title or icon.' });

export const MovePageSchema = z.strictObject({
  parentId,
  index: z
    .number({ error: 'Index must be a number.' })
    .int({ error: 'Index must be a whole number.' })
    .min(0, { error: 'Index must be 0 or more.' })
    .max(PAGES_PER_WORKSPACE, { error: 'Index is too large.' }),
});

// The body is held to MARKDOWN_MAX_BYTES by the route (413); here only that there is something to import.
export const ImportPageSchema = z.strictObject({
  markdown: text('Markdown')
    .max(MARKDOWN_MAX_BYTES, { error: 'Markdown is too long.' })
    .refine((value) => value.trim() !== '', { error: 'Markdown is empty.' }),
  title: title.optional(),
  parentId: parentId.optional(),
});
