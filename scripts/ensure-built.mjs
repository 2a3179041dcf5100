// Builds the client and the server when dist/ is missing or older than the sources ("builds what is missing").
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ['client', 'server', 'workers', 'shared'].map((d) => newest(path.join(root, d)));
for (const file of ['package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'scripts/prerender.mjs']) {
  if (existsSync(path.join(root, file))) sources.push(statSync(path.join(root, file)).mtimeMs);
}
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;

if (built < Math.max(...sources) || process.argv.includes('--force')) {
  console.log('Building the client and the server...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}
