// `npm start`: installs what the system lacks (redis-server; with PHONE_PROVIDER=sip and no SIP_PROXY also Janus, its
// tools and SIPp, which the app's local carrier runs), builds what is missing, then runs the app.
import { spawn, execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/ensure-system.mjs'], { stdio: 'inherit' });
if (process.env.PHONE_PROVIDER === 'sip' && !process.env.SIP_PROXY) execFileSync(process.execPath, ['scripts/ensure-system.mjs', '--telephony'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
