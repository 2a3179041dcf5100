// Builds the client and the server when dist/ is missing or older than the sources ("builds what is missing").
// `npm run build` stamps its output itself (its prebuild and postbuild scripts call this file with --build-start and
// --build-done), so a build made by hand or by CI is reused here instead of being made again.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const started = path.join(root, 'dist', '.build-started');

if (process.argv.includes('--build-start')) {
  // Before a build: the old stamp goes (a failed or partial build is never taken for a complete one), and the start
  // time is kept, so a source saved while the build runs still counts as newer than the build.
  mkdirSync(path.dirname(stamp), { recursive: true });
  rmSync(stamp, { force: true });
  writeFileSync(started, new Date().toISOString());
  process.exit(0);
}
if (process.argv.includes('--build-done')) {
  // After a successful build: the stamp carries the build's start time (rename keeps the file's mtime).
  if (existsSync(started)) renameSync(started, stamp);
  else writeFileSync(stamp, new Date().toISOString());
  process.exit(0);
}

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
for (const file of [
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/prerender.mjs',
]) {
  if (existsSync(path.join(root, file))) sources.push(statSync(path.join(root, file)).mtimeMs);
}
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;

if (built < Math.max(...sources) || process.argv.includes('--force')) {
  console.log('Building the client and the server...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
