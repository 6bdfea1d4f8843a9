import { sql, type SqlBool } from 'kysely';
import type { AdminStatus, AdminUser } from '#src/shared/admin/paths.ts';
import { isAdmin } from '#src/shared/accounts/user.ts';
import type { UserRow } from '#src/server/accounts/users.ts';

// spec 6: admin means the role contains 'admin'; the same test in SQL.
export const adminRole = sql<SqlBool>`lower(role) like '%admin%'`;

function statusOf(row: Pick<UserRow, 'status' | 'approval'>): AdminStatus {
  if (row.status === 'suspended') return 'Suspended';
  if (row.approval === 'declined') return 'Declined';
  if (row.approval === 'pending') return 'Pending';
  return 'Active';
}

// An account as the admin panel shows it, read or just changed.
export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: isAdmin(row) ? 'admin' : 'user',
    status: statusOf(row),
    emailVerified: row.email_verified === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}
