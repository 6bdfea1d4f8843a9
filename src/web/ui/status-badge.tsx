const tones: Record<string, string> = {
  Active: 'bg-green-50 text-green-800 ring-green-600/20',
  success: 'bg-green-50 text-green-800 ring-green-600/20',
  Pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  medium: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  Inactive: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  low: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  Suspended: 'bg-red-50 text-red-800 ring-red-600/20',
  error: 'bg-red-50 text-red-800 ring-red-600/20',
  high: 'bg-red-50 text-red-800 ring-red-600/20',
  admin: 'bg-accent-50 text-accent-800 ring-accent-600/20',
  user: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

// Statuses, alert types, severities and roles of the sample data (spec 3), each with its colour.
export function StatusBadge({ value }: { value: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${tones[value] ?? tones.Inactive}`}
    >
      {value}
    </span>
  );
}
