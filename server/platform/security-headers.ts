import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { THEME_BOOT_SCRIPT } from '../../shared/theme-boot.js';
import type { Config } from './config.js';

/**
 * Helmet's headers and a Permissions-Policy, with the CSP the client passes (`script-src 'self'` and the theme's boot script by its hash: no other inline script). The middleware is built
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
        // Avatars are drawn in the page (no image host): nothing outside the app's origin is ever loaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: connectSources(config.publicUrl),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * Where the page may send requests and open its socket: its own origin, and the public origin the app is reached at
 * (behind a proxy it may differ from the address the page was served from) in both its HTTP and WebSocket forms,
 * since browsers before CSP Level 3 did not let 'self' match ws:/wss:. Never any host's sockets (`ws:`/`wss:`).
 */
function connectSources(publicUrl: string): string[] {
  const origin = new URL(publicUrl).origin;
  const socketOrigin = origin.replace(/^http/, 'ws');
  return [...new Set(["'self'", origin, socketOrigin])];
}

/**
 * Browser features a page of this origin may use: the microphone (dialer, voice notes) and writing the clipboard
 * (copy buttons) for the app itself only, no frame of another origin; everything else a page could ask for is off.
 */
const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'clipboard-write=(self)',
  'camera=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');
