import { THEME_STORAGE_KEY as STORAGE_KEY } from '../../../shared/theme-boot.js';

type Theme = 'light' | 'dark';

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** Without a stored choice no attribute is set, so CSS follows the system preference live. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode without storage: the switch still works for this page.
  }
  document.documentElement.dataset.theme = next;
  return next;
}
