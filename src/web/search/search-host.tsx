import { Suspense, useEffect, useState } from 'react';
import { deferredComponent, usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';
import { listenForSearch, requestSearch } from '#src/web/lib/search-request.ts';

const SearchPalette = deferredComponent(() => import('./search-palette.tsx').then((module) => module.default));
const PRELOADED = [SearchPalette];

// The palette of the signed-in app, opened by ⌘K / Ctrl+K from anywhere (text fields
// included: the chord types nothing) or by a request (the header box, the `/` shortcut). Its code
// (3.6 KB, and the schemas of quick-add) is fetched once the page is idle, so the palette opens at once
// and takes the first keys, without slowing the page's first paint.
export default function SearchHost() {
  const [request, setRequest] = useState<{ text: string; at: number } | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      listenForSearch((text) => {
        setRequest({ text, at: Date.now() });
        setOpen(true);
      }),
    [],
  );

  usePreloadWhenIdle(PRELOADED);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        requestSearch('');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <SearchPalette key={request.at} open={open} initialText={request.text} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
