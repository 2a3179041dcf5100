import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the `npm start` entry from source with the given environment and collects what it prints. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const began = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cw-start-')), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output: output.trim(), ms: Date.now() - began });
    }),
  );
}

describe('starting with bad configuration', () => {
  it('PORT=abc stops with one clear sentence and exit code 1', async () => {
    const result = await start({ PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.output).toBe('Configuration error: PORT must be a whole number from 0 to 65535 (got "abc").');
    expect(result.ms).toBeLessThan(10_000);
  });

  it('an unreachable MONGO_URL stops with one clear sentence and exit code 1', async () => {
    const result = await start({ MONGO_URL: 'mongodb://127.0.0.1:1/cw', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.code).toBe(1);
    expect(result.output.split('\n')).toHaveLength(1);
    expect(result.output).toMatch(/^Cannot reach MongoDB at mongodb:\/\/127\.0\.0\.1:1\/cw: /);
    // It gives up (the driver's 5 s server selection) instead of retrying for ever; the process's own start-up adds
    // a few seconds, more on a busy machine (18.7 s was seen beside other test runs), so the bound is generous.
    expect(result.ms).toBeLessThan(30_000);
  });

  it('PHONE_PROVIDER=sip with a SIP_PROXY but no Janus gateway stops with one sentence naming the settings (no fall-back to the simulator) and exit code 1', async () => {
    const result = await start({ PHONE_PROVIDER: 'sip', SIP_PROXY: 'sip:trunk.example.com:5060', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.output).toBe(
      'Configuration error: PHONE_PROVIDER=sip with SIP_PROXY set needs JANUS_URL and JANUS_API_SECRET (leave SIP_PROXY unset to use the local carrier).',
    );
  });

  it('an unreachable REDIS_URL stops with one clear sentence and exit code 1', async () => {
    const result = await start({ REDIS_URL: 'redis://127.0.0.1:1', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.output.split('\n')).toHaveLength(1);
    expect(result.output).toMatch(/^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  });
});
