import { label } from '#src/shared/messages.ts';

// spec 2 and spec 4: the ADMIN badge beside the logo or the workspace switcher, for admins only.
export function AdminBadge() {
  return <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-bold tracking-wide text-accent-800">{label.adminBadge}</span>;
}
