// A deploy during auto-dial, in Chromium with a fake microphone: the app runs as `npm start` runs it
// (PHONE_PROVIDER=sip, call rooms) against a carrier of its own that outlives it, the agent's panel is open with two
// contacts queued and auto-dial on, and the app is stopped (SIGTERM) during the first call and started again on the
// same port and data. Nobody touches the page: the second contact is dialed by the new process and its echo is heard
// in the tab (issue 29: after a restart auto-dial paused with "Phone not connected" beside a green "Connected").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../support/browser.js';
import { dialerPanel } from '../support/dialer-panel.js';

const missing = localCarrierProblem();

/** The page's RTCPeerConnections, kept from outside the app (it exposes nothing for this). */
const KEEP_PEERS = `{ const Native = window.RTCPeerConnection; window.__peers = [];
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__peers.push(this); } }; }`;

/** Audio energy the page's connections received over `ms` (getStats totalAudioEnergy: what the agent hears). */
const energyOver = (page: Page, ms: number) =>
  page.evaluate(async (ms) => {
    const energy = async () => {
      let total = 0;
      for (const pc of (window as unknown as { __peers: RTCPeerConnection[] }).__peers) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') total += s.totalAudioEnergy ?? 0;
        });
      }
      return total;
    };
    const before = await energy();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return (await energy()) - before;
  }, ms);

describe.skipIf(missing !== null)('auto-dial across an app restart (Chromium, call rooms, own carrier)', () => {
  let carrierDir: string;
  let carrier: LocalCarrier;
  let app: AppProcess;
  let browser: Browser;
  let panel: ReturnType<typeof dialerPanel>;

  beforeAll(async () => {
    carrierDir = mkdtempSync(path.join(tmpdir(), 'cw-browser-restart-carrier-'));
    carrier = await startLocalCarrier({ dataDir: carrierDir });
    app = await startAppProcess(
      {
        PHONE_PROVIDER: 'sip',
        SIP_CALL_MODEL: 'room',
        JANUS_URL: carrier.janusUrl,
        JANUS_API_SECRET: carrier.apiSecret,
        SIP_PROXY: carrier.sipUri,
      },
      { dataDirPrefix: 'cw-browser-restart-', readyWithinMs: 80_000 },
    );
    panel = dialerPanel(app.url);
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await carrier?.stop();
    if (carrierDir) rmSync(carrierDir, { recursive: true, force: true });
  });

  const invitesTo = (number: string) => readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === number);

  it('stopped and started again during an auto-dialed call: the next contact is dialed and heard, with no user action', async () => {
    const { context, page, errors } = await panel.openAgentContext(browser, {
      permissions: ['microphone'],
      initScript: KEEP_PEERS,
    });
    try {
      const api = await panel.agentApi();
      const put = (route: string, body: unknown) =>
        fetch(`${app.url}${route}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      // 555-010-0005 echoes until the caller hangs up; 555-010-0001 answers and echoes for 6 s.
      const queued = await put('/api/dialer/queue', {
        contacts: [
          { name: 'Before the deploy', phone: '555-010-0005' },
          { name: 'After the deploy', phone: '555-010-0001' },
        ],
        version: 0,
      });
      expect(queued.status).toBe(200);
      expect((await put('/api/dialer/auto-dial', { enabled: true })).status).toBe(200);
      await expect.poll(async () => (await api.liveCall())?.state, { timeout: 20_000 }).toBe('connected');
      expect(invitesTo('5550100005')).toHaveLength(1);
      expect(invitesTo('5550100001')).toHaveLength(0);

      await app.restart();

      // The new process dials the second contact by itself; the tab, left alone, hears its echo.
      await expect.poll(() => invitesTo('5550100001').length, { timeout: 45_000, interval: 500 }).toBe(1);
      const after = await panel.agentApi();
      await expect
        .poll(async () => ((await after.liveCall())?.phone ?? '').replace(/\D/g, ''), { timeout: 20_000 })
        .toBe('5550100001');
      await expect.poll(async () => (await after.liveCall())?.state, { timeout: 20_000 }).toBe('connected');
      await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
      expect(await energyOver(page, 2_000)).toBeGreaterThan(1e-4);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
