/** The spec's local-storage key for the chosen theme ('light' or 'dark'; absent: follow the system). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * Runs in the page's <head>, before the prerendered body is painted: a stored choice is on <html> before the first
 * frame, so a visitor who chose dark never sees the light page flash (vite.config.ts puts it there; the server's CSP
 * allows exactly this text by its sha256, server/platform/security-headers.ts).
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
