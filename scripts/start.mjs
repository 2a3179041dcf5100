// `npm start`: installs what the system lacks (redis-server), builds what is missing, then runs the app supervised.
import { execFileSync } from 'node:child_process';
import { supervise } from './supervise.mjs';

execFileSync(process.execPath, ['scripts/ensure-system.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

supervise(['--enable-source-maps', 'dist/server/main.js']);
