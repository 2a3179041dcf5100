// Makes sure the system programs the app needs are installed: redis-server (always), Chromium and nginx (for tests),
// Janus, its tools and SIPp (the local carrier: `--telephony`, and for the tests).
// As root on Debian/Ubuntu they are installed with apt; otherwise we stop with one sentence saying how.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const forTests = process.argv.includes('--test');
const forTelephony = process.argv.includes('--telephony');
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = has('apt-get');

const missing = [];
const needRedis = !forTelephony && !process.env.REDIS_URL && !(forTests && process.env.TEST_REDIS_URL);
if (needRedis && !has('redis-server'))
  missing.push({
    pkg: 'redis-server',
    hint: 'redis-server is not installed: install it with "sudo apt-get install redis-server" (Debian/Ubuntu), "brew install redis" (macOS), or run one with "docker run -p 6379:6379 redis:7" and set REDIS_URL=redis://127.0.0.1:6379.',
  });
// The proxy test runs the shipped deploy/nginx.conf in front of the API.
if (forTests && !has('nginx') && !existsSync('/usr/sbin/nginx'))
  missing.push({
    pkg: 'nginx',
    optional: true,
    hint: 'nginx runs the shipped deploy/nginx.conf in the proxy test (tests/integration/security-proxy.test.ts), which is skipped without it: install it with "sudo apt-get install nginx" (Debian/Ubuntu) or "brew install nginx" (macOS).',
  });
if (forTests && !existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
  missing.push({
    pkg: 'chromium',
    hint: 'Chromium is needed for the browser tests: install it with "sudo apt-get install chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.',
  });

// The local carrier (npm run telephony, tests/integration/telephony-*.test.ts): Janus with its SIP plugin, janus-pp-rec
// for recordings, SIPp as the lead phone. The tests skip without them; `npm run telephony` cannot run without them.
if (forTests || forTelephony) {
  const janusHint = (pkg) =>
    `${pkg} is needed by the local carrier (npm run telephony and the telephony tests, which are skipped without it): install it with "sudo apt-get install janus janus-tools sip-tester" (Debian/Ubuntu).`;
  if (!has('janus')) missing.push({ pkg: 'janus', optional: forTests && !forTelephony, hint: janusHint('janus') });
  if (!has('janus-pp-rec'))
    missing.push({ pkg: 'janus-tools', optional: forTests && !forTelephony, hint: janusHint('janus-tools') });
  if (!has('sipp'))
    missing.push({ pkg: 'sip-tester', optional: forTests && !forTelephony, hint: janusHint('sip-tester (SIPp)') });
}

// Objection spotting (docs/rebuttals.md): pocketsphinx's recogniser and en-us model hear the lead; espeak-ng makes the
// speech its tests and bench listen to. Without them calls go unassisted and those tests are skipped.
if (forTests) {
  const speechHint = (pkg) =>
    `${pkg} is needed by objection spotting and its tests (tests/integration/speech-*.test.ts, skipped without it): install it with "sudo apt-get install pocketsphinx pocketsphinx-en-us espeak-ng" (Debian/Ubuntu).`;
  const recogniser = spawnSync('sh', ['-c', 'command -v pocketsphinx_continuous'], { encoding: 'utf8' }).stdout.trim();
  if (!recogniser) missing.push({ pkg: 'pocketsphinx', optional: true, hint: speechHint('pocketsphinx') });
  // The model is where the spotter looks for it: beside the program (<prefix>/bin -> <prefix>/share).
  else if (!existsSync(new URL('../share/pocketsphinx/model/en-us/en-us', `file://${recogniser}`)))
    missing.push({ pkg: 'pocketsphinx-en-us', optional: true, hint: speechHint('pocketsphinx-en-us') });
  if (!has('espeak-ng')) missing.push({ pkg: 'espeak-ng', optional: true, hint: speechHint('espeak-ng') });
}

if (missing.length === 0) process.exit(0);

if (isRoot && hasApt) {
  const pkgs = missing.map((m) => m.pkg).join(' ');
  console.log(`Installing ${pkgs} with apt-get...`);
  try {
    execSync('apt-get update -qq', { stdio: 'inherit' });
    execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`, { stdio: 'inherit' });
    process.exit(0);
  } catch {
    console.error(`Could not install ${pkgs} with apt-get; install it by hand and try again.`);
    process.exit(1);
  }
}
for (const m of missing) console.error(m.hint);
process.exit(missing.every((m) => m.optional) ? 0 : 1);
