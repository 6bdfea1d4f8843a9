// The zod schemas of the notifications routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS } from './paths.ts';

export const NotificationPersonSchema = z.strictObject({ id: z.string(), name: z.string() });

export const NotificationItemSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  workspaceId: z.string(),
  workspaceName: z.string(),
  // Null for a notification about the workspace itself (an invitation accepted, a role changed).
  task: z.strictObject({ id: z.string(), title: z.string() }).nullable(),
  // Null when the actor deleted their account, or for the due-date reminders nobody made.
  actor: NotificationPersonSchema.nullable(),
  // The comment's text, with mentions shown as the member's current name.
  excerpt: z.string().nullable(),
  // The column a followed task moved to; the role given; the due date.
  detail: z.string().nullable(),
  // Where it happened when that is not a task: a chat channel, a docs page (an app path).
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const NotificationListResponseSchema = z.strictObject({
  notifications: z.array(NotificationItemSchema),
  nextCursor: z.string().nullable(),
});
export const UnreadCountResponseSchema = z.strictObject({ unread: z.number().int().min(0) });
// Every kind, each with its delivery (a record over the enum names them all, and no other).
export const PreferencesResponseSchema = z.strictObject({
  preferences: z.record(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_DELIVERIES)),
});
export const FollowResponseSchema = z.strictObject({ following: z.boolean() });
