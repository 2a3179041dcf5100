import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { THEME_BOOT_SCRIPT } from './shared/theme-boot.js';

const api = 'http://localhost:3000';

export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's development build;
  // Vite reads NODE_ENV only after this config is loaded, so it is settled here.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';

  return {
    root: fileURLToPath(new URL('./client', import.meta.url)),
    plugins: [
      react(),
      // The stored theme goes on <html> before the (prerendered) body paints: an inline script, first in <head>.
      {
        name: 'theme-boot',
        transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
      },
      // Brotli and gzip siblings of every text asset, at maximum quality once per build: @fastify/static
      // (`preCompressed`, server/platform/client-files.ts) sends them as they are, so no request pays for compression.
      // Files under 1 KB stay plain (a variant saves less than its headers); source maps are left out because only
      // developer tools fetch them. The plugin's log stays on: with 'silent' it would also swallow compression errors.
      compression({
        include: /\.(?:html|css|js|mjs|svg|json|webmanifest|txt|xml)$/,
        threshold: 1024,
        algorithms: ['brotliCompress', 'gzip'],
      }),
    ],
    build: {
      // The server serves dist/client/index.html (server/app.ts), so the output must land exactly there.
      outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // Read by scripts/prerender.mjs: which stylesheets a prerendered page's lazy route needs.
      manifest: true,
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/socket.io': { target: api, ws: true, changeOrigin: false },
      },
    },
  };
});
