import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's development build;
  // Vite reads NODE_ENV only after this config is loaded, so it is settled here.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';

  return {
    root: fileURLToPath(new URL('./client', import.meta.url)),
    plugins: [react()],
    build: {
      // The server serves dist/client/index.html (server/app.ts), so the output must land exactly there.
      outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
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
