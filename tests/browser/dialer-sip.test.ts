// The dialer panel with PHONE_PROVIDER=sip in Chromium with a fake microphone: the app is started as
// `PHONE_PROVIDER=sip npm start` (no SIP_PROXY, so it starts the local carrier itself), the agent dials from the
// panel, and the call goes out over WebRTC -> Janus -> SIP to the SIPp lead phone (docs/telephony.md, number plan).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { freePort } from '../../server/platform/local-redis.js';
import { DEMO_AGENT, expectToast, FAKE_MEDIA_ARGS, launchBrowser, waitForPath } from '../support/browser.js';

const missing = localCarrierProblem();
/** The ring timeout of this app (SIP_RING_TIMEOUT_S), short so 555-010-0003 gives up quickly. */
const RING_TIMEOUT_S = 3;

describe.skipIf(missing !== null)('dialer panel over SIP (Chromium, fake microphone)', () => {
  let child: ChildProcess;
  let dataDir: string;
  let url: string;
  let browser: Browser;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-browser-sip-'));
    child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '50',
        MONGO_URL: '',
        REDIS_URL: '',
        MAIL_URL: '',
        PHONE_PROVIDER: 'sip',
        SIP_PROXY: '',
        SIP_RING_TIMEOUT_S: String(RING_TIMEOUT_S),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 80_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
      const ready = await fetch(`${url}/readyz`).then((res) => res.ok, () => false);
      if (ready && output.includes('running at')) break;
      if (Date.now() > deadline) throw new Error(`app did not become ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => resolve(clearTimeout(timer)));
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const leadPhoneCalls = (number: string) => readLeadPhoneLog(path.join(dataDir, 'telephony', 'lead-phone.log')).filter((line) => line.to === number);
  const dialerOf = (page: Page) => page.getByRole('region', { name: 'Dialer' });

  async function openAgentContext(initScript?: string): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
    if (initScript) await context.addInitScript({ content: initScript });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(DEMO_AGENT.email);
    await form.getByLabel('Password').fill(DEMO_AGENT.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await openCalls(page);
    return { context, page, errors };
  }

  async function openCalls(page: Page): Promise<void> {
    await page.goto(`${url}/dashboard/calls`);
    await dialerOf(page).getByText('Connected', { exact: true }).waitFor();
  }

  async function dial(page: Page, digits: string): Promise<void> {
    const dialer = dialerOf(page);
    await dialer.getByLabel('Phone number').fill(digits);
    await dialer.getByRole('button', { name: 'Call', exact: true }).click();
  }

  /** The agent's latest calls through the API (its own sign-in), newest first. */
  async function agentApi(): Promise<{ token: string; calls: () => Promise<CallHistoryPage['items']> }> {
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_AGENT.email, password: DEMO_AGENT.password }) });
    const { accessToken: token } = (await login.json()) as { accessToken: string };
    return {
      token,
      calls: async () => {
        const answer = await fetch(`${url}/api/calls?limit=10`, { headers: { authorization: `Bearer ${token}` } });
        return ((await answer.json()) as CallHistoryPage).items;
      },
    };
  }

  const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));

  // First in the file: the agent's phone is not connected yet in this app.
  it('with auto-dial already on, the panel connecting the phone sends the first offer and the queued contact is dialed', async () => {
    const { token, calls } = await agentApi();
    const put = (route: string, body: unknown) =>
      fetch(`${url}${route}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((res) => res.json() as Promise<{ queue?: { version: number }; version?: number }>);
    const queued = await put('/api/dialer/queue', { contacts: [{ name: 'Voicemail Lead', phone: '555-010-0004' }], version: 0 });
    expect(queued.version).toBe(1);
    await put('/api/dialer/auto-dial', { enabled: true });
    expect(leadPhoneCalls('5550100004')).toHaveLength(0);

    const { context, errors } = await openAgentContext();
    try {
      const deadline = Date.now() + 15_000;
      while (leadPhoneCalls('5550100004').length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(leadPhoneCalls('5550100004')).toHaveLength(1);
      // The voicemail-like number answers, plays its greeting and hangs up.
      await expect.poll(async () => (await calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100004')?.status, { timeout: 15_000 }).toBe('answered');
      expect(errors).toEqual([]);
    } finally {
      await put('/api/dialer/auto-dial', { enabled: false });
      await context.close();
    }
  });

  it('dials 555-010-0001 from the panel: the INVITE reaches the lead phone, states, toasts, timer and the recorded indicator follow, Call History shows the real length, the recording holds both directions', async () => {
    const { context, page, errors } = await openAgentContext();
    try {
      const dialer = dialerOf(page);
      await dial(page, '5550100001');
      await expectToast(page, 'Calling (555) 010-0001...');
      await expectToast(page, 'Call connected to (555) 010-0001');
      await dialer.getByText('In call', { exact: true }).waitFor();
      // Janus records the answered call: the pushed call says so and the panel shows it.
      await dialer.getByRole('status').filter({ hasText: 'This call is recorded' }).waitFor();
      const timer = dialer.getByRole('timer', { name: 'Call time' });
      await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toMatch(/^0:0[2-6]$/);
      expect(leadPhoneCalls('5550100001')).toHaveLength(1);
      expect(leadPhoneCalls('5550100001')[0]).toMatchObject({ outcome: 'answered-echo-6s' });

      // The lead phone hangs up 6 s after answering.
      const completed = await expectToast(page, 'Call completed to (555) 010-0001');
      expect(completed).toMatch(/Duration: 0:0[5-7]/);
      await dialer.getByText(/Last call: .*\(555\) 010-0001 · Answered · 0:0[5-7]/).waitFor();
      await expect.poll(() => dialer.getByText('This call is recorded').count()).toBe(0);

      const api = await agentApi();
      const latest = async () => (await api.calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100001');
      // The recording is stored once Janus's files are mixed, just after the end.
      await expect.poll(async () => (await latest())?.recordingUrl, { timeout: 10_000 }).toBeTruthy();
      const call = (await latest())!;
      expect(call).toMatchObject({ status: 'answered' });
      // The tab sampled the call's WebRTC stats every 2 s while connected and the server kept the summary.
      expect(call.quality?.samples).toBeGreaterThanOrEqual(1);
      expect(call.quality?.average.mos).toBeGreaterThan(1);
      const talked = (Date.parse(call.endedAt!) - Date.parse(call.connectedAt!)) / 1_000;
      expect(talked).toBeGreaterThanOrEqual(5);
      expect(talked).toBeLessThanOrEqual(7);

      // Call History (read again: the recording came after the end): the real duration and a recording player.
      await page.reload();
      const row = page.getByRole('table', { name: 'Call history' }).locator(`tr[data-call-id="${call.id}"]`);
      await expect.poll(() => row.locator('td').nth(5).textContent(), { timeout: 10_000 }).toBe(`0:${String(call.duration).padStart(2, '0')}`);
      await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('Answered');
      await expect.poll(() => row.locator('td').nth(8).locator('audio, button').count()).toBeGreaterThan(0);

      // GET /api/calls/:id/recording: a WAV of the call's length (+/- 1 s), the agent's microphone and the echo.
      const recording = await fetch(`${url}/api/calls/${call.id}/recording`, { headers: { authorization: `Bearer ${api.token}` } });
      expect(recording.status).toBe(200);
      expect(recording.headers.get('content-type')).toBe('audio/wav');
      const wav = readWav(Buffer.from(await recording.arrayBuffer()));
      expect(wav.channels).toHaveLength(2);
      const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
      expect(Math.abs(agentSide.length / wav.rate - talked)).toBeLessThanOrEqual(1);
      expect(rms(agentSide)).toBeGreaterThan(100);
      expect(rms(leadSide)).toBeGreaterThan(100);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('555-010-0002 is busy and 555-010-0003 never answers (ring timeout): both end missed with no length', async () => {
    const { context, page, errors } = await openAgentContext();
    try {
      const dialer = dialerOf(page);
      await dial(page, '5550100002');
      await expectToast(page, 'Calling (555) 010-0002...');
      await expectToast(page, 'Call completed to (555) 010-0002', 'Duration: 0:00');
      await dialer.getByText(/Last call: .*\(555\) 010-0002 · Missed · 0:00/).waitFor();
      expect(leadPhoneCalls('5550100002')).toEqual([expect.objectContaining({ outcome: 'busy' })]);
      // The line is free 1 s after the end.
      const api = await agentApi();
      await expect.poll(async () => (await api.calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100002')?.state).toBe('idle');

      const dialedAt = Date.now();
      await dial(page, '5550100003');
      await expectToast(page, 'Calling (555) 010-0003...');
      await dialer.getByText('Calling...', { exact: true }).waitFor();
      await expectToast(page, 'Call completed to (555) 010-0003', 'Duration: 0:00');
      expect(Date.now() - dialedAt).toBeGreaterThanOrEqual(RING_TIMEOUT_S * 1_000);
      await dialer.getByText(/Last call: .*\(555\) 010-0003 · Missed · 0:00/).waitFor();
      expect(leadPhoneCalls('5550100003')).toEqual([expect.objectContaining({ outcome: 'no-answer' })]);

      const calls = await api.calls();
      for (const number of ['5550100002', '5550100003']) {
        expect(calls.find((c) => c.phone.replace(/\D/g, '') === number)).toMatchObject({ status: 'missed', duration: 0 });
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('ICE restart mid-call: the panel restarts through the server and Janus, new ICE credentials both ways, and the echoed audio keeps coming', async () => {
    // The page's connections, kept from outside the app (it exposes nothing for this).
    const keepPeers = `{ const Native = window.RTCPeerConnection; window.__peers = [];
      window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__peers.push(this); } }; }`;
    const { context, page, errors } = await openAgentContext(keepPeers);
    try {
      await dial(page, '5550100005');
      await dialerOf(page).getByText('In call', { exact: true }).waitFor();
      const media = () =>
        page.evaluate(async () => {
          const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1)!;
          let bytes = 0;
          let inUse: string | undefined;
          (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number; iceLocalUsernameFragment?: string }) => {
            if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes = s.bytesReceived ?? 0;
            if (s.type === 'transport') inUse = s.iceLocalUsernameFragment;
          });
          const ufrag = (sdp?: string) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];
          return { bytes, inUse, local: ufrag(pc.localDescription?.sdp), remote: ufrag(pc.remoteDescription?.sdp), state: pc.iceConnectionState };
        });
      await expect.poll(async () => (await media()).bytes, { timeout: 10_000 }).toBeGreaterThan(4_000);
      const before = await media();
      // The connection reports `failed` once, as after a network change: the panel's own watchdog restarts ICE.
      await page.evaluate(() => {
        const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1)!;
        Object.defineProperty(pc, 'iceConnectionState', { get: () => 'failed', configurable: true });
        pc.dispatchEvent(new Event('iceconnectionstatechange'));
        delete (pc as unknown as Record<string, unknown>).iceConnectionState;
      });
      await expect.poll(async () => (await media()).remote, { timeout: 15_000 }).not.toBe(before.remote);
      expect((await media()).local).not.toBe(before.local);
      // The transport carries the media with the new credentials (the restart's checks succeeded)...
      await expect.poll(async () => { const now = await media(); return now.inUse === now.local; }, { timeout: 10_000 }).toBe(true);
      const restarted = await media();
      // ...and audio still flows over it: at least 2 s of echoed G.711 (about 16 KB) more within 4 s.
      await expect.poll(async () => (await media()).bytes - restarted.bytes, { timeout: 4_000 }).toBeGreaterThan(16_000);
      expect(['connected', 'completed']).toContain((await media()).state);
      await dialerOf(page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();
      expect(leadPhoneCalls('5550100005')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a far-end hangup ends the call in both of the agent\'s tabs', async () => {
    const { context, page, errors } = await openAgentContext();
    try {
      const other = await context.newPage();
      other.setDefaultTimeout(20_000);
      other.on('pageerror', (error) => errors.push(error));
      await openCalls(other);
      await dial(page, '5550100001');
      for (const tab of [page, other]) await dialerOf(tab).getByText('In call', { exact: true }).waitFor();
      // The lead phone hangs up after 6 s: both tabs see the call end.
      for (const tab of [page, other]) {
        await dialerOf(tab).getByText(/Last call: .*\(555\) 010-0001 · Answered · 0:0[5-7]/).waitFor();
        await dialerOf(tab).getByRole('button', { name: 'Call', exact: true }).waitFor();
      }
      await expectToast(other, 'Call completed to (555) 010-0001');
      expect(leadPhoneCalls('5550100001')).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
