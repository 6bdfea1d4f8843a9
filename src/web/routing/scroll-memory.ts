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

export function startScrollMemory() {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    const entry = window.history.state as { key?: string } | null;
    if (entry?.key) rememberScroll(entry.key);
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
