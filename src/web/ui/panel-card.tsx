import type { ReactNode } from 'react';

// One card look for every block of the signed-in pages.
export function PanelCard({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-card border border-slate-200 bg-white shadow-sm ${className}`} aria-label={title}>
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </header>
      <div className="p-5">{children}</div>
    </section>
  );
}

export function StatCards({ stats }: { stats: ReadonlyArray<{ label: string; value: string; change: string }> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {stats.map((stat) => (
        <li key={stat.label} className="rounded-card border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-sm font-medium text-slate-600">{stat.label}</p>
          <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{stat.value}</p>
          <p className="mt-1 text-xs text-slate-500">{stat.change}</p>
        </li>
      ))}
    </ul>
  );
}

// `id` keeps two alike lines (the same change made twice) apart.
export function ActivityList({ items }: { items: ReadonlyArray<{ id?: string; text: string; when: string }> }) {
  return (
    <ol className="space-y-4">
      {items.map((item) => (
        <li key={item.id ?? item.text} className="flex gap-3">
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500" aria-hidden="true" />
          <div>
            <p className="text-sm text-slate-800">{item.text}</p>
            <p className="text-xs text-slate-500">{item.when}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-1 text-sm text-slate-600">{lead}</p> : null}
    </div>
  );
}
