// The zod request schemas of clients, projects and the portal (validated by the server, reused by the forms).
import { z } from 'zod';
import { calendarDay, email, MULTILINE_OK, displayName, text } from '#src/shared/validation.ts';
import { NAME_MAX } from '#src/shared/limits.ts';
import { clientError } from './messages.ts';
import { englishNumber } from '#src/shared/english-number.ts';
import {
  CLIENT_NAME_MAX,
  CLIENT_SEARCH_MAX,
  CLIENT_STATUSES,
  COMPANY_MAX,
  CONTACTS_MAX,
  CURRENCIES,
  NOTES_MAX,
  PROJECT_NAME_MAX,
  PROJECT_STATUSES,
  PROJECT_VALUE_MAX,
} from './paths.ts';

const name = displayName('Client name', CLIENT_NAME_MAX);
// A person may be their own client: the company may be left empty.
const company = text('Company')
  .trim()
  .max(COMPANY_MAX, { error: `Company must be at most ${COMPANY_MAX} characters.` })
  .regex(/^\P{Cc}*$/u, { error: 'Company contains characters that are not allowed.' });
const status = z.enum(CLIENT_STATUSES, { error: `Status must be one of: ${CLIENT_STATUSES.join(', ')}.` });
const notes = text('Notes')
  .max(NOTES_MAX, { error: `Notes must be at most ${englishNumber(NOTES_MAX)} characters.` })
  .regex(MULTILINE_OK, { error: 'Notes contain characters that are not allowed.' });

export const ContactSchema = z.strictObject({ name: displayName('Contact name', NAME_MAX), email });

export const CreateClientSchema = z.strictObject({
  name,
  company: company.optional(),
  status: status.optional(),
  notes: notes.optional(),
  contacts: z
    .array(ContactSchema, { error: 'Contacts must be a list.' })
    .max(CONTACTS_MAX, { error: `A client can have at most ${CONTACTS_MAX} contacts.` })
    .optional(),
});

export const UpdateClientSchema = z.strictObject({
  name: name.optional(),
  company: company.optional(),
  status: status.optional(),
  notes: notes.optional(),
});

const projectStatus = z.enum(PROJECT_STATUSES, { error: `Status must be one of: ${PROJECT_STATUSES.join(', ')}.` });
// Minor units (cents), so sums are exact.
const value = z
  .number({ error: 'Value must be a number.' })
  .int({ error: 'Value must be a whole number of cents.' })
  .min(0, { error: 'Value cannot be negative.' })
  .max(PROJECT_VALUE_MAX, { error: 'Value is too large.' })
  .nullable();

// The rules of each project field, shared by the create and the update.
const projectFields = {
  name: displayName('Project name', PROJECT_NAME_MAX),
  status: projectStatus,
  value,
  startDate: calendarDay('Start date').nullable(),
  endDate: calendarDay('End date').nullable(),
};

const datesInOrder = (project: { startDate?: string | null; endDate?: string | null }) =>
  !project.startDate || !project.endDate || project.startDate <= project.endDate;
// Placed on the end date, so a form shows it under that field.
const datesMessage = { error: clientError.datesOutOfOrder, path: ['endDate'] };

export const CreateProjectSchema = z
  .strictObject({
    name: projectFields.name,
    status: projectFields.status.optional(),
    value: projectFields.value.optional(),
    startDate: projectFields.startDate.optional(),
    endDate: projectFields.endDate.optional(),
  })
  .refine(datesInOrder, datesMessage);

export const UpdateProjectSchema = z
  .strictObject({
    name: projectFields.name.optional(),
    status: projectFields.status.optional(),
    value: projectFields.value.optional(),
    startDate: projectFields.startDate.optional(),
    endDate: projectFields.endDate.optional(),
  })
  .refine(datesInOrder, datesMessage);

export const ClientSettingsSchema = z.strictObject({
  currency: z.enum(CURRENCIES, { error: `Currency must be one of: ${CURRENCIES.join(', ')}.` }),
});

export const ClientListQuerySchema = z.strictObject({
  q: text('Search')
    .max(CLIENT_SEARCH_MAX, { error: `Search must be at most ${CLIENT_SEARCH_MAX} characters.` })
    .optional(),
  status: status.optional(),
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int({ error: 'Page must be a whole number.' })
    .min(1, { error: 'Page must be at least 1.' })
    .max(10_000, { error: 'Page must be at most 10000.' })
    .optional(),
});

export type CreateClientBody = z.input<typeof CreateClientSchema>;
export type UpdateClientBody = z.input<typeof UpdateClientSchema>;
export type ContactBody = z.input<typeof ContactSchema>;
export type CreateProjectBody = z.input<typeof CreateProjectSchema>;
export type UpdateProjectBody = z.input<typeof UpdateProjectSchema>;
export type ClientSettingsBody = z.input<typeof ClientSettingsSchema>;
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;
