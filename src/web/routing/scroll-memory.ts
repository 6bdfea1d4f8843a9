// Scroll positions by history entry, kept across reloads of the tab, so Back and a reload return to
// where the reader was. The browser's own restoration is off: it would scroll before the page it restores for
// has rendered.
const STORAGE_KEY = 'tessera:scroll';

let positions: Record<string, number> | null = null;

function load(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

// The entry whose page is on screen. On leaving, its position is kept under its own key, even when the
// address already names the next entry (a page whose code failed to load is reloaded at its address).
let shownKey: string | null = null;

export const showingEntry = (key: string) => (shownKey = key);

export function startScrollMemory() {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    if (shownKey) rememberScroll(shownKey);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(load()));
    } catch {
      // storage can be unavailable (private mode); positions then last for the page's life only
    }
  });
}

export const rememberScroll = (key: string) => (load()[key] = window.scrollY);

export const rememberedScroll = (key: string): number | undefined => load()[key];

// A new page appears at once, not scrolled to by the page's smooth scrolling.
export const scrollInstantly = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

// A fresh visit starts at the top, or at the element its hash names.
export function scrollToTarget(hash: string) {
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else scrollInstantly(0);
}
