import { useEffect, useSyncExternalStore } from 'react';
import { isTheme, THEME_STORAGE_KEY, type Theme } from '#src/shared/theme/theme.ts';

// The browser side of the theme: THEME_BOOT_SCRIPT painted the first frame; this keeps <html> in step
// with later choices and, on System, with the device's own setting.
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function deviceTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    // storage can be unavailable (private mode): the device's setting decides
    return 'system';
  }
}

function paint(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function setDeviceTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // see deviceTheme: the choice then lasts until the page is left
  }
  paint(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, deviceTheme, () => 'system');
}

// On System, a device that turns dark at sunset turns the open page with it.
export function useFollowDeviceTheme() {
  useEffect(() => {
    const query = darkQuery();
    const repaint = () => paint(deviceTheme());
    query.addEventListener('change', repaint);
    return () => query.removeEventListener('change', repaint);
  }, []);
}
