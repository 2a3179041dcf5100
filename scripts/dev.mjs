// `npm run dev`: the API (with workers, embedded defaults) reloading on change, and Vite's dev server with HMR.
import { spawn, execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/ensure-system.mjs'], { stdio: 'inherit' });
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ALLOWED_ORIGINS: 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
