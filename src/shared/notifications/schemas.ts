// The zod request schemas of notifications.
import { z } from 'zod';
import { text } from '#src/shared/validation.ts';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_FILTERS, NOTIFICATION_KINDS } from './paths.ts';

const delivery = z.enum(NOTIFICATION_DELIVERIES, { error: `Delivery must be one of: ${NOTIFICATION_DELIVERIES.join(', ')}.` });

export const NotificationListQuerySchema = z.strictObject({
  filter: z.enum(NOTIFICATION_FILTERS, { error: `Filter must be one of: ${NOTIFICATION_FILTERS.join(', ')}.` }).optional(),
  cursor: text('Cursor')
    .regex(/^\d{1,15}_[A-Za-z0-9:._-]{1,200}$/, { error: 'That page cursor is not valid.' })
    .optional(),
});

export const UpdatePreferencesSchema = z.strictObject({
  preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind.' }), delivery),
});

export const FollowSchema = z.strictObject({
  following: z.boolean({ error: 'Following must be true or false.' }),
});

export const UnsubscribeQuerySchema = z.strictObject({
  token: text('Token').regex(/^[A-Za-z0-9_-]{1,64}\.[a-z_]{1,30}\.[A-Za-z0-9_-]{43}$/, { error: 'That unsubscribe link is not valid.' }),
});

export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesSchema>;
export type FollowBody = z.input<typeof FollowSchema>;
