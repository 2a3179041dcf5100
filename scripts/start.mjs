// `npm start`: installs what the system lacks (redis-server; with PHONE_PROVIDER=sip and no SIP_PROXY also Janus, its
// tools and SIPp, which the app's local carrier runs), builds what is missing, then runs the app supervised.
import { execFileSync } from 'node:child_process';
import { supervise } from './supervise.mjs';

execFileSync(process.execPath, ['scripts/ensure-system.mjs'], { stdio: 'inherit' });
if (process.env.PHONE_PROVIDER === 'sip' && !process.env.SIP_PROXY)
  execFileSync(process.execPath, ['scripts/ensure-system.mjs', '--telephony'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

supervise(['--enable-source-maps', 'dist/server/main.js']);
