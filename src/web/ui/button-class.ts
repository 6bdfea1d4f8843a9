// The look of buttons and of links drawn as buttons. This module stays free of cn() and tailwind-merge
// (8.4 KB gzipped) because the landing page's first load uses it and product rules B1 hold that load to 90 KB:
// the parts joined here never set the same property twice, so nothing needs merging. A caller who adds
// classes joins them with cn(buttonClass(…), extra), off the landing's first load.
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

const base = 'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors disabled:cursor-not-allowed';

const sizes: Record<ButtonSize, string> = {
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-600 text-white shadow-sm hover:bg-accent-700 disabled:bg-accent-600/60',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/60',
};

export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md') =>
  [base, sizes[size], variants[variant]].join(' ');

// Links inside running text and under forms: the accent colour, underlined on hover and focus.
export const textLinkClass =
  'rounded-sm font-semibold text-accent-700 underline-offset-2 hover:text-accent-800 hover:underline focus-visible:underline';
