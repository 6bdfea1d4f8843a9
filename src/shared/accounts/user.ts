import type { Theme } from '#src/shared/theme/theme.ts';

// spec 3: the user as every answer carries it; the server adds nothing else and never the hash.
export const GENDERS = ['not specified', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: string;
  gender: Gender;
  picture: string | null;
  emailVerified: boolean;
  totalProspectsFetched: number;
  totalProspectsMailed: number;
  totalProject: number;
  createdAt: string;
  // Light, dark or the device's own; optional for the same reason as awaitingApproval.
  theme?: Theme;
  // Signed in, but the beta application waits for an admin. The server
  // always sends it; optional so a user made in a test or a fixture need not name it.
  awaitingApproval?: boolean;
}

// spec 6: admin means the role value contains the word 'admin'.
export function isAdmin(user: Pick<PublicUser, 'role'> | null | undefined): boolean {
  return !!user && user.role.toLowerCase().includes('admin');
}

export function roleLabel(user: Pick<PublicUser, 'role'> | null | undefined): 'Admin' | 'User' {
  return isAdmin(user) ? 'Admin' : 'User';
}

export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
