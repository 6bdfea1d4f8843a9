import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'success' | 'error' | 'info';

const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  info: { box: 'border-accent-200 bg-accent-50 text-accent-800', Icon: Info },
};

// A message inside a form or dialog. BRAND.md: green for success, red for errors.
export function Alert({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-2.5 rounded-control border px-3 py-2.5 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

// A read that failed: what happened, and a button that asks again.
export function RetryAlert({
  children,
  retryLabel,
  onRetry,
  className,
}: {
  children: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert tone="error" className={className}>
      {children}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        {retryLabel}
      </button>
    </Alert>
  );
}
