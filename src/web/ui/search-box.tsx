import { Search } from 'lucide-react';
import { label, navCopy } from '#src/shared/messages.ts';
import { requestSearch } from '#src/web/lib/search-request.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';

// spec 2: a search box with placeholder 'Search...'. Typing in it opens the search palette with what was
// typed; on a site page the palette opens on the dashboard.
export function SearchBox({ className }: { className: string }) {
  const navigate = useNavigate();
  const open = (text: string) => {
    if (!requestSearch(text)) void navigate('/dashboard');
  };
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
        open(input.value);
      }}
    >
      <label className="relative block">
        <span className="sr-only">{navCopy.search}</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          type="search"
          name="q"
          autoComplete="off"
          placeholder={label.searchPlaceholder}
          // The palette takes over with everything typed so far; until its field has focus (its code
          // may still be loading) the keys land here and each one hands it the whole text again.
          onChange={(event) => open(event.currentTarget.value)}
          className="w-full rounded-control border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-accent-600 focus:bg-white focus:ring-2 focus:ring-accent-600/30 focus:outline-none"
        />
      </label>
    </form>
  );
}
