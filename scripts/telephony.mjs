// `npm run telephony`: installs Janus and SIPp when missing (as root, with apt), builds what is missing, then runs the
// local carrier (dist/server/platform/telephony/cli.js), which prints `telephony ready janus=<url> sip=<uri>`.
import { spawn, execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/ensure-system.mjs', '--telephony'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/platform/telephony/cli.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
