// Light, dark, or follow the device (the default). The choice lives in localStorage on every device and,
// for a signed-in person, on their account too.
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'tessera-theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

// Run in <head> before the stylesheet paints, so a dark page never shows a light frame. Kept to a few
// lines with no imports: it is inlined into every HTML page, and the server allows it by its hash.
export const THEME_BOOT_SCRIPT =
  `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  `document.documentElement.dataset.theme=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light'})()`;
