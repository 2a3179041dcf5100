import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { THEME_BOOT_SCRIPT } from '../../shared/theme-boot.js';
import type { Config } from './config.js';

/**
 * Helmet's headers with the CSP the client passes (`script-src 'self'` and the theme's boot script by its hash: no other inline script). The middleware is built
 * once: @fastify/helmet 13 rebuilds it (parsing every CSP directive) on each request, which cost about 4% of an
 * authenticated read's CPU in `bench/profile-route.ts`.
 */
export function securityHeaders(app: FastifyInstance, config: Config): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Plus the one inline script, by its hash: the theme is set before the prerendered page is painted.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://api.dicebear.com'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
