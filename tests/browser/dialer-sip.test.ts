// The dialer panel with PHONE_PROVIDER=sip in Chromium with a fake microphone: the app is started as
// `PHONE_PROVIDER=sip npm start` (no SIP_PROXY, so it starts the local carrier itself), the agent dials from the
// panel, and the call goes out over WebRTC into the call's Janus AudioBridge room, and from the server's SIP leg to the
// SIPp lead phone (the room model, the default; docs/telephony.md, number plan).
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { expectToast, FAKE_MEDIA_ARGS, launchBrowser } from '../support/browser.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { blockMicrophone, dialerPanel } from '../support/dialer-panel.js';

const missing = localCarrierProblem();
/** The ring timeout of this app (SIP_RING_TIMEOUT_S), short so 555-010-0003 gives up quickly. */
const RING_TIMEOUT_S = 3;

describe.skipIf(missing !== null)('dialer panel over SIP (Chromium, fake microphone)', () => {
  let app: AppProcess;
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let panel: ReturnType<typeof dialerPanel>;

  beforeAll(async () => {
    // Mute answers leave 400 ms after the call's pushed state (the SIP provider applies mute at once).
    app = await startAppProcess(
      {
        PHONE_PROVIDER: 'sip',
        SIP_PROXY: '',
        SIP_RING_TIMEOUT_S: String(RING_TIMEOUT_S),
        DIALER_ANSWER_DELAY_MS: '400',
      },
      { dataDirPrefix: 'cw-browser-sip-', readyWithinMs: 80_000 },
    );
    ({ url, dataDir } = app);
    panel = dialerPanel(url);
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const leadPhoneCalls = (number: string) =>
    readLeadPhoneLog(path.join(dataDir, 'telephony', 'lead-phone.log')).filter((line) => line.to === number);
  const dialerOf = (page: Page) => page.getByRole('region', { name: 'Dialer' });
  const openAgentContext = (initScript?: string) =>
    panel.openAgentContext(browser, { permissions: ['microphone'], ...(initScript ? { initScript } : {}) });
  const openCalls = async (page: Page) => {
    await page.goto(`${url}/dashboard/calls`);
    await dialerOf(page).getByText('Connected', { exact: true }).waitFor();
  };
  const dial = (page: Page, digits: string) => panel.dial(page, digits);
  const agentApi = () => panel.agentApi();

  const rms = (samples: Int16Array) =>
    Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));

  // First in the file: the agent's phone is not connected yet in this app.
  it('with auto-dial already on, the panel connecting the phone sends the first offer and the queued contact is dialed', async () => {
    const { token, calls } = await agentApi();
    const put = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((res) => res.json() as Promise<{ queue?: { version: number }; version?: number }>);
    const queued = await put('/api/dialer/queue', {
      contacts: [{ name: 'Voicemail Lead', phone: '555-010-0004' }],
      version: 0,
    });
    expect(queued.version).toBe(1);
    await put('/api/dialer/auto-dial', { enabled: true });
    expect(leadPhoneCalls('5550100004')).toHaveLength(0);

    const { context, errors } = await openAgentContext();
    try {
      const deadline = Date.now() + 15_000;
      while (leadPhoneCalls('5550100004').length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(leadPhoneCalls('5550100004')).toHaveLength(1);
      // The voicemail-like number answers, plays its greeting and hangs up.
      await expect
        .poll(async () => (await calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100004')?.status, {
          timeout: 15_000,
        })
        .toBe('answered');
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
      await expect
        .poll(() => row.locator('td').nth(5).textContent(), { timeout: 10_000 })
        .toBe(`0:${String(call.duration).padStart(2, '0')}`);
      await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('Answered');
      const recordingColumn = (
        await page.getByRole('table', { name: 'Call history' }).locator('thead th').allTextContents()
      ).indexOf('Recording');
      await expect
        .poll(() => row.locator('td').nth(recordingColumn).locator('audio, button').count())
        .toBeGreaterThan(0);

      // GET /api/calls/:id/recording: a WAV of the call's length (+/- 1 s), the agent's microphone and the echo.
      const recording = await fetch(`${url}/api/calls/${call.id}/recording`, {
        headers: { authorization: `Bearer ${api.token}` },
      });
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
      await dialer.getByText(/Last call: .*\(555\) 010-0002 · Busy · 0:00/).waitFor();
      expect(leadPhoneCalls('5550100002')).toEqual([expect.objectContaining({ outcome: 'busy' })]);
      // The line is free 1 s after the end.
      const api = await agentApi();
      await expect
        .poll(async () => (await api.calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100002')?.state)
        .toBe('idle');

      const dialedAt = Date.now();
      await dial(page, '5550100003');
      await expectToast(page, 'Calling (555) 010-0003...');
      // The lead phone's 180: the panel says Ringing (no early media, so the tab plays its own ringback).
      await dialer.getByText('Ringing...', { exact: true }).waitFor();
      await expectToast(page, 'Call completed to (555) 010-0003', 'Duration: 0:00');
      expect(Date.now() - dialedAt).toBeGreaterThanOrEqual(RING_TIMEOUT_S * 1_000);
      await dialer.getByText(/Last call: .*\(555\) 010-0003 · No answer · 0:00/).waitFor();
      expect(leadPhoneCalls('5550100003')).toEqual([expect.objectContaining({ outcome: 'no-answer' })]);

      // A number outside the plan: 404 Not Found, told apart as not in service.
      await expect
        .poll(async () => (await api.calls()).find((c) => c.phone.replace(/\D/g, '') === '5550100003')?.state)
        .toBe('idle');
      await dial(page, '5550100099');
      await dialer.getByText(/Last call: .*\(555\) 010-0099 · Not in service · 0:00/).waitFor();
      expect(leadPhoneCalls('5550100099')).toEqual([expect.objectContaining({ outcome: 'not-found' })]);

      const calls = await api.calls();
      const expected = {
        '5550100002': {
          dialResult: 'busy',
          sipCause: { code: 486, reason: 'Busy Here' },
          shown: 'MissedBusy (SIP 486 Busy Here)',
        },
        '5550100003': { dialResult: 'no-answer', shown: /^MissedNo answer/ },
        '5550100099': {
          dialResult: 'not-in-service',
          sipCause: { code: 404, reason: 'Not Found' },
          shown: 'MissedNot in service (SIP 404 Not Found)',
        },
      } as const;
      for (const [number, { shown, ...stored }] of Object.entries(expected)) {
        const call = calls.find((c) => c.phone.replace(/\D/g, '') === number)!;
        expect(call).toMatchObject({ status: 'missed', duration: 0, ...stored });
        // Call History: the spec's status, why, and the carrier's answer.
        const cell = page
          .getByRole('table', { name: 'Call history' })
          .locator(`tr[data-call-id="${call.id}"] td`)
          .nth(4);
        await expect
          .poll(() => cell.textContent())
          .toMatch(typeof shown === 'string' ? new RegExp(`^${shown.replace(/[()]/g, '\\$&')}$`) : shown);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Mute / Unmute clicked 20 times on a real call with a slow answer: the panel is right 20 of 20 times', async () => {
    const { context, page, errors } = await openAgentContext();
    try {
      await dial(page, '5550100005');
      await dialerOf(page).getByText('In call', { exact: true }).waitFor();
      expect(await panel.muteClicksShownRight(page, 20)).toBe(20);
      await dialerOf(page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('microphone blocked in the browser: the badge says so with how to allow it, and Call dials nothing', async () => {
    const before0001 = leadPhoneCalls('5550100001').length;
    const { context, page, errors } = await panel.openAgentContext(browser, {
      beforeLogin: (tab) => blockMicrophone(tab, url),
    });
    try {
      const dialer = dialerOf(page);
      await dialer.getByText('Microphone blocked', { exact: true }).waitFor();
      await dialer.getByRole('alert').filter({ hasText: 'Allow the microphone for this site' }).waitFor();
      await dial(page, '5550100001');
      await expectToast(page, 'Microphone blocked', /Allow the microphone for this site/);
      await page.waitForTimeout(1_000);
      expect(leadPhoneCalls('5550100001').length).toBe(before0001);
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
    const before0005 = leadPhoneCalls('5550100005').length;
    try {
      await dial(page, '5550100005');
      await dialerOf(page).getByText('In call', { exact: true }).waitFor();
      const media = () =>
        page.evaluate(async () => {
          const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1)!;
          let bytes = 0;
          let packets = 0;
          let inUse: string | undefined;
          (await pc.getStats()).forEach(
            (s: {
              type: string;
              kind?: string;
              bytesReceived?: number;
              packetsReceived?: number;
              iceLocalUsernameFragment?: string;
            }) => {
              if (s.type === 'inbound-rtp' && s.kind === 'audio') {
                bytes = s.bytesReceived ?? 0;
                packets = s.packetsReceived ?? 0;
              }
              if (s.type === 'transport') inUse = s.iceLocalUsernameFragment;
            },
          );
          const ufrag = (sdp?: string) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];
          return {
            bytes,
            packets,
            inUse,
            local: ufrag(pc.localDescription?.sdp),
            remote: ufrag(pc.remoteDescription?.sdp),
            state: pc.iceConnectionState,
          };
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
      await expect
        .poll(
          async () => {
            const now = await media();
            return now.inUse === now.local;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const restarted = await media();
      // ...and audio still flows over it: at least 2 s of echoed audio (100 packets of 20 ms) more within 4 s. Packets,
      // not bytes: the call room speaks Opus with the tab (a few KB a second), the SIP plugin G.711 (8 KB a second).
      await expect
        .poll(async () => (await media()).packets - restarted.packets, { timeout: 4_000 })
        .toBeGreaterThan(100);
      expect(['connected', 'completed']).toContain((await media()).state);
      await dialerOf(page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();
      expect(leadPhoneCalls('5550100005')).toHaveLength(before0005 + 1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a far-end hangup ends the call in both of the agent's tabs", async () => {
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
        await dialerOf(tab)
          .getByText(/Last call: .*\(555\) 010-0001 · Answered · 0:0[5-7]/)
          .waitFor();
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
