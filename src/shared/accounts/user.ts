import type { z } from 'zod';
import type { PublicUserSchema } from './responses.ts';

// spec 3: the user as every answer carries it (responses.ts); the server adds nothing else and never the hash.
export const GENDERS = ['not specified', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export type PublicUser = z.infer<typeof PublicUserSchema>;

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
