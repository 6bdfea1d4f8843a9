import { ArrowLeft } from 'lucide-react';
import { Link } from '#src/web/routing/links.tsx';

// The way back to the previous step of an account flow (spec 2: back links).
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-slate-900">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
