// The zod request schemas of admin (validated by the server, reused by the forms).
import { z } from 'zod';
import { email, NO_CONTROL, text } from '#src/shared/validation.ts';
import { ADMIN_STATUS_FILTERS, ADMIN_ROLES, ADMIN_SEARCH_MAX, ADMIN_PAGE_MAX } from './paths.ts';

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

export const AdminUsersQuerySchema = z.strictObject({
  q: text('Search')
    .max(ADMIN_SEARCH_MAX, { error: `Search must be at most ${ADMIN_SEARCH_MAX} characters.` })
    .regex(NO_CONTROL, { error: 'Search contains characters that are not allowed.' })
    .transform((value) => value.trim())
    .optional(),
  role: z.union([z.literal(''), choice('Role', ADMIN_ROLES)]).optional(),
  status: z.union([z.literal(''), choice('Status', ADMIN_STATUS_FILTERS)]).optional(),
  page: text('Page')
    .regex(/^[1-9][0-9]{0,4}$/, { error: 'Page must be a whole number from 1.' })
    .transform(Number)
    .refine((value) => value <= ADMIN_PAGE_MAX, { error: `Page must be at most ${ADMIN_PAGE_MAX}.` })
    .optional(),
});
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

export const AdminRoleSchema = z.strictObject({ role: choice('Role', ADMIN_ROLES) });
export const AdminInviteSchema = z.strictObject({ email });
export const AdminNoBodySchema = z.strictObject({});
