import { Link } from '#src/web/routing/links.tsx';
import { PRODUCT_NAME } from '#src/shared/brand.ts';

// BRAND.md: four tiles, one offset in the accent colour, beside the word.
export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="12" height="12" rx="2" className="fill-slate-700" />
      <rect x="17" y="3" width="12" height="12" rx="2" className="fill-slate-700" />
      <rect x="3" y="17" width="12" height="12" rx="2" className="fill-slate-700" />
      <rect x="19" y="19" width="12" height="12" rx="2" className="fill-accent-600" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-control text-lg font-bold tracking-tight text-slate-900">
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
