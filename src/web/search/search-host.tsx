import { lazy, Suspense, useEffect, useState } from 'react';
import { listenForSearch, requestSearch } from '#src/web/lib/search-request.ts';

const loadPalette = () => import('./search-palette.tsx');
const SearchPalette = lazy(loadPalette);

// The palette of the signed-in app, opened by ⌘K / Ctrl+K from anywhere (text fields
// included: the chord types nothing) or by a request (the header box, the `/` shortcut). Its code
// (2.5 KB) is fetched once the app has loaded, so the palette opens at once and takes the first keys.
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

  useEffect(() => {
    void loadPalette();
  }, []);

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
