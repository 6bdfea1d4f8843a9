import type { ReactNode } from 'react';
import { navCopy } from '#src/shared/messages.ts';

// The frame every variant of the top navigation bar shares (spec 2).
export function NavBar({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/80">
      <nav aria-label={navCopy.mainNav} className="relative mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        {children}
      </nav>
    </header>
  );
}

export const navLinkClass =
  'rounded-control px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-accent-700';
export const mobileLinkClass = 'block rounded-control px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100';
