import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const compressedSibling = /\.(?:br|gz)$/;

/**
 * Serves the built client in `dir`: its files, the prerendered public pages, and the app shell for other client-side routes. `vite build` writes a brotli
 * and a gzip sibling next to each text asset (vite.config.ts); they are sent as they are, so serving the client
 * never compresses anything per request.
 */
export async function serveClientFiles(app: FastifyInstance, dir: string): Promise<void> {
  const prerendered = prerenderedPages(dir);
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    // `/` is a page like the others below (prerendered, or the app shell), not the directory's index.html.
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      // filePath is the file actually sent (x.js.br for x.js): headers follow the asset it stands for.
      const asset = filePath.replace(compressedSibling, '');
      // Hashed assets never change; the HTML that names them must be checked on every visit, or a deploy strands
      // browsers on assets that no longer exist.
      const hashed = asset.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        asset.endsWith('.html') ? 'no-cache' : hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      // One URL, several encodings: a shared cache must not hand the brotli body to a client that asked for gzip.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // Client-side routes: any GET that is not the API and not a file gets the app shell. A catch-all route, not a
  // second not-found handler: installErrorHandler already owns the root one and Fastify allows only one.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname.startsWith('/socket.io')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile(prerendered.get(pathname) ?? 'index.html');
  });
}

/**
 * The public pages `npm run build` rendered to HTML (scripts/prerender.mjs): `prerendered/index.html` is `/`,
 * `prerendered/terms.html` is `/terms`. They carry the page's markup, so it paints before any script has run.
 */
function prerenderedPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const folder = path.join(dir, 'prerendered');
  if (!existsSync(folder)) return pages;
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `prerendered/${file}`);
  }
  return pages;
}
