import { Search } from 'lucide-react';
import { label, navCopy } from '#src/shared/messages.ts';

export function SearchBox({ className }: { className: string }) {
  // spec 2: a search box with placeholder 'Search...'; no behaviour is shown.
  return (
    <form role="search" className={className} onSubmit={(event) => event.preventDefault()}>
      <label className="relative block">
        <span className="sr-only">{navCopy.search}</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          type="search"
          placeholder={label.searchPlaceholder}
          className="w-full rounded-control border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-accent-600 focus:bg-white focus:ring-2 focus:ring-accent-600/30 focus:outline-none"
        />
      </label>
    </form>
  );
}
