import { createAdminChanges, type AdminChangeDeps } from './changes.ts';
import { createAdminReads, type AdminReadDeps } from './reads.ts';

export type AdminDeps = AdminReadDeps & AdminChangeDeps;

// The admin panel (product rules A): its reads and its changes. The routes check the role, validate
// and answer; every rule lives in these two.
export function createAdmin(deps: AdminDeps) {
  return { ...createAdminReads(deps), ...createAdminChanges(deps) };
}

export type Admin = ReturnType<typeof createAdmin>;
