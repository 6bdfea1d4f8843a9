// The admin panel's API (product rules A): paths, shapes and request schemas both sides share.
// Paths are relative to API_BASE; `:id` segments are filled with workspacePath() (src/shared/workspaces.ts).
import type { z } from 'zod';
import type {
  AdminActivitySchema,
  AdminAlertSchema,
  AdminHealthSchema,
  AdminOverviewResponseSchema,
  AdminUserSchema,
  AdminUserDetailResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  SignupsResponseSchema,
} from './responses.ts';
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_APPROVALS = ['approved', 'pending', 'declined'] as const;
export type UserApproval = (typeof USER_APPROVALS)[number];

// spec 3: the admin user's status is Active, Pending or Suspended; Declined is ours (an application refused).
export const ADMIN_STATUSES = ['Active', 'Pending', 'Suspended', 'Declined'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_STATUS_FILTERS = ['active', 'pending', 'suspended', 'declined'] as const;
export const ADMIN_ROLES = ['user', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

// spec 3: alert type and severity.
export const ALERT_TYPES = ['error', 'warning', 'info', 'success'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_SEARCH_MAX = 100;
export const ADMIN_PAGE_MAX = 10_000;
export const SIGNUP_DAYS = 30;

export const adminPaths = {
  // GET: stat cards, system alerts and recent activity.
  overview: '/admin/overview',
  // GET ?q=&role=&status=&page=: one page of accounts, newest first.
  users: '/admin/users',
  // GET: one account with its workspaces, sessions and recent audit entries.
  user: '/admin/users/:id',
  // PUT { role }.
  role: '/admin/users/:id/role',
  // POST {}: end every session and refuse sign-in / let them back in.
  suspend: '/admin/users/:id/suspend',
  reactivate: '/admin/users/:id/reactivate',
  // POST {}: beta applications (product rules A3).
  approve: '/admin/users/:id/approve',
  decline: '/admin/users/:id/decline',
  // POST { email }: Quick Actions' Add New User emails an invitation to the beta.
  invitations: '/admin/invitations',
  // GET: sign-ups per day, the last SIGNUP_DAYS days (Quick Actions' View Analytics).
  signups: '/admin/signups',
} as const;

export type AdminUser = z.infer<typeof AdminUserSchema>;
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;
export type AdminActivity = z.infer<typeof AdminActivitySchema>;
export type AdminAlert = z.infer<typeof AdminAlertSchema>;
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
export type AdminOverviewResponse = z.infer<typeof AdminOverviewResponseSchema>;
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponseSchema>;
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;
export type SignupsResponse = z.infer<typeof SignupsResponseSchema>;

// spec 5 style bounds: every string capped, every choice an enum, unknown keys refused (product rules S1).
