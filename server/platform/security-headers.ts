import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.js';

/**
 * Helmet's headers with the CSP the client passes (`script-src 'self'`: no inline script). The middleware is built
 * once: @fastify/helmet 13 rebuilds it (parsing every CSP directive) on each request, which cost about 4% of an
 * authenticated read's CPU in `bench/profile-route.ts`.
 */
export function securityHeaders(app: FastifyInstance, config: Config): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
