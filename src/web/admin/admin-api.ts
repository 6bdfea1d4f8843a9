import {
  adminPaths,
  type AdminOverviewResponse,
  type AdminRole,
  type AdminUserDetailResponse,
  type AdminUserResponse,
  type AdminUsersResponse,
  type SignupsResponse,
} from '#src/shared/admin/paths.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const one = (template: string, id: string) => workspacePath(template, { id });

export interface UserQuery {
  q: string;
  role: string;
  status: string;
  page: number;
}

// The admin panel's calls, on the shared paths (src/shared/admin.ts).
export const adminApi = {
  overview: () => api<AdminOverviewResponse>('GET', adminPaths.overview),
  users: ({ q, role, status, page }: UserQuery) => {
    const query = new URLSearchParams({ page: String(page) });
    if (q.trim()) query.set('q', q.trim());
    if (role) query.set('role', role);
    if (status) query.set('status', status);
    return api<AdminUsersResponse>('GET', `${adminPaths.users}?${query.toString()}`);
  },
  user: (id: string) => api<AdminUserDetailResponse>('GET', one(adminPaths.user, id)),
  setRole: (id: string, role: AdminRole) => api<AdminUserResponse>('PUT', one(adminPaths.role, id), { role }),
  act: (action: 'suspend' | 'reactivate' | 'approve' | 'decline', id: string) =>
    api<AdminUserResponse>('POST', one(adminPaths[action], id), {}),
  invite: (email: string) => api<OkResponse>('POST', adminPaths.invitations, { email }),
  signups: () => api<SignupsResponse>('GET', adminPaths.signups),
};

// Every admin read sits under one key: a change (a role, a suspension, an invitation) refreshes them all.
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (query: UserQuery) => ['admin', 'users', query] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  signups: ['admin', 'signups'] as const,
};
