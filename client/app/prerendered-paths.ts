/**
 * Public pages whose HTML is rendered at build time (scripts/prerender.mjs) from the same components, served as they
 * are (server/platform/client-files.ts) and hydrated: the page paints before any script has run. Only pages that
 * look the same to every visitor before the session is known. Each names the lazily loaded module of its route
 * (AppRoutes.tsx), whose stylesheets the page inlines so that it paints styled, or null when the entry holds it all.
 */
export const PRERENDERED_PAGES: Record<string, string | null> = {
  '/': null,
  '/terms': 'features/legal/LegalPage.tsx',
  '/privacy': 'features/legal/LegalPage.tsx',
};
