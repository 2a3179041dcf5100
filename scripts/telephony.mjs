// `npm run telephony`: installs Janus and SIPp when missing (as root, with apt), builds what is missing, then runs the
// local carrier (dist/server/platform/telephony/cli.js), which prints `telephony ready janus=<url> sip=<uri>`.
import { spawn, execFileSync } from 'node:child_process';

// Their progress goes to stderr: stdout carries the one `telephony ready` line that scripts wait for.
const toStderr = { stdio: ['inherit', process.stderr, 'inherit'] };
execFileSync(process.execPath, ['scripts/ensure-system.mjs', '--telephony'], toStderr);
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], toStderr);

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/platform/telephony/cli.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
