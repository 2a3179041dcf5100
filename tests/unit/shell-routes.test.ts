import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useRouter, type Parser } from 'wouter';
import { describe, expect, it } from 'vitest';
import { isShellPath, SHELL_ROUTES } from '../../client/app/DashboardRoutes.js';
import { MAIN_NAV, RESOURCES_NAV } from '../../client/features/dashboard/shell/nav.js';

/** wouter's own path parser, the one `<Route>` matches with. */
function wouterParser(): Parser {
  let parser: Parser | undefined;
  const Grab = () => {
    parser = useRouter().parser;
    return null;
  };
  renderToString(createElement(Grab));
  return parser!;
}

describe('the shell’s paths come from its route list (client/app/DashboardRoutes.tsx)', () => {
  const parser = wouterParser();

  it('shows the shell for every sidebar link and every listed route', () => {
    for (const { href } of [...MAIN_NAV, ...RESOURCES_NAV]) expect(isShellPath(parser, href), href).toBe(true);
    for (const path of ['/dashboard/campaigns/hotel-egypt', '/dashboard/perks/travel', '/dashboard/', '/admin/queues'])
      expect(isShellPath(parser, path), path).toBe(true);
    expect(SHELL_ROUTES.map((route) => route.path)).toContain('/dashboard/notifications');
  });

  it('leaves every other path to the not-found page', () => {
    for (const path of ['/dashboard/nope', '/dashboard/campaigns/a/b', '/resources', '/admin', '/dashboardx', '/'])
      expect(isShellPath(parser, path), path).toBe(false);
  });

  it('lists each path once', () => {
    const paths = SHELL_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
