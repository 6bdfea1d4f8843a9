// The zod schemas of the admin routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { ADMIN_ROLES, ADMIN_STATUSES, ALERT_SEVERITIES, ALERT_TYPES } from './paths.ts';

export const AdminUserSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const AdminUsersResponseSchema = z.strictObject({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const AdminActivitySchema = z.strictObject({
  id: z.string(),
  // 'workspace.create', 'user.suspend', …: the audit action.
  action: z.string(),
  actorName: z.string().nullable(),
  // The target's name or email, when the action has one.
  targetLabel: z.string().nullable(),
  // Set for workspace entries.
  workspaceName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: z.iso.datetime(),
});

export const AdminAlertSchema = z.strictObject({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  message: z.string(),
  at: z.iso.datetime(),
  // The person it is about (null when none, or their account is gone), opened in their dialog.
  person: AdminUserSchema.nullable(),
  // Their browser and system, described as the sessions list does (null when none was recorded).
  device: z.strictObject({ browser: z.string(), os: z.string() }).nullable(),
});

export const AdminHealthSchema = z.strictObject({
  database: z.boolean(),
  // 'smtp' sends real mail; 'console' prints it to the log (SMTP_URL unset).
  mailTransport: z.enum(['smtp', 'console']),
  mailReachable: z.boolean().nullable(),
  // Messages waiting in the outbox; null until the outbox exists (product rules W4).
  outboxBacklog: z.number().int().nullable(),
});

export const AdminOverviewResponseSchema = z.strictObject({
  stats: z.strictObject({
    totalUsers: z.number().int(),
    newThisWeek: z.number().int(),
    pendingApplications: z.number().int(),
    activeSessions: z.number().int(),
    // Billing does not exist yet: the figure shown is sample data, and the answer says so.
    revenue: z.strictObject({ sample: z.literal(true) }),
    health: AdminHealthSchema,
  }),
  betaApproval: z.boolean(),
  alerts: z.array(AdminAlertSchema),
  activity: z.array(AdminActivitySchema),
});

export const AdminUserDetailResponseSchema = z.strictObject({
  user: AdminUserSchema,
  workspaces: z.array(z.strictObject({ id: z.string(), name: z.string(), role: z.string(), joinedAt: z.iso.datetime() })),
  sessions: z.strictObject({
    count: z.number().int(),
    newestAt: z.iso.datetime().nullable(),
    lastActiveAt: z.iso.datetime().nullable(),
  }),
  activity: z.array(AdminActivitySchema),
});

export const AdminUserResponseSchema = z.strictObject({ user: AdminUserSchema });

export const SignupsResponseSchema = z.strictObject({
  days: z.array(z.strictObject({ date: z.string(), count: z.number().int() })),
});
