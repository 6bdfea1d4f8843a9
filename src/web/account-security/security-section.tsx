import type { ReactNode } from 'react';
import { cn } from '#src/web/ui/cn.ts';

// One block of the Security tab: a heading, a line of lead, an optional action, its content.
export function SecuritySection({
  id,
  title,
  lead,
  action,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  action?: ReactNode;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('space-y-4', danger && 'rounded-card border border-red-200 p-4 sm:p-5')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={id} className={cn('text-base font-semibold', danger ? 'text-red-800' : 'text-slate-900')}>
            {title}
          </h2>
          {lead ? <p className="mt-1 text-sm text-slate-600">{lead}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
