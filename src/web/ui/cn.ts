import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

export type { ClassValue };

// tailwind-merge knows Tailwind's own scales; our theme's two radii (styles.css, BRAND.md) are taught to
// it so that a caller's `rounded-full` replaces the default `rounded-control` instead of sitting beside it.
const merge = extendTailwindMerge({ extend: { theme: { radius: ['control', 'card'] } } });

// Joins classes (falsy ones dropped) so that a later class wins over an earlier one of the same kind:
// cn(defaults, callerClassName) lets the caller override any default predictably.
export function cn(...classes: ClassValue[]): string {
  return merge(clsx(classes));
}
