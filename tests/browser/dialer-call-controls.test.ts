// Hold and the keypad in the dialer panel with PHONE_PROVIDER=sip SIP_CALL_MODEL=room in Chromium with a fake
// microphone, against the local carrier the app starts itself. What the agent does: hold the echo number and resume
// it, and press keypad keys that the lead's phone must see.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { holdPattern, HOLD_FRAME_SAMPLES } from '../../server/platform/telephony/hold-tone.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { muLawToPcm16 } from '../../server/platform/speech/g711.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../support/browser.js';
import { dialerPanel } from '../support/dialer-panel.js';

const missing = localCarrierProblem();

/** The page's RTCPeerConnections, kept from outside the app (it exposes nothing for this). */
const KEEP_PEERS = `{ const Native = window.RTCPeerConnection; window.__peers = [];
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__peers.push(this); } }; }`;

/** Audio energy the page's newest connection received over `ms` (getStats totalAudioEnergy: what the agent hears). */
const energyOver = (page: Page, ms: number) =>
  page.evaluate(async (ms) => {
    const energy = async () => {
      const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
      let total = 0;
      (await pc?.getStats())?.forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') total = s.totalAudioEnergy ?? 0;
      });
      return total;
    };
    const before = await energy();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return (await energy()) - before;
  }, ms);

/** Where a 20 ms frame of the hold pattern appears, sample for sample, in a channel of the recording (-1: nowhere). */
function findHoldFrame(channel: Int16Array, frame: number): number {
  const pattern = muLawToPcm16(holdPattern());
  const wanted = pattern.subarray(frame * HOLD_FRAME_SAMPLES, (frame + 1) * HOLD_FRAME_SAMPLES);
  outer: for (let at = 0; at + wanted.length <= channel.length; at++) {
    for (let i = 0; i < wanted.length; i++) if (channel[at + i] !== wanted[i]) continue outer;
    return at;
  }
  return -1;
}

describe.skipIf(missing !== null)('hold and the keypad over call rooms (Chromium, fake microphone)', () => {
  let app: AppProcess;
  let browser: Browser;
  let panel: ReturnType<typeof dialerPanel>;

  beforeAll(async () => {
    app = await startAppProcess(
      // info: the server's log says which DTMF keys came back from the lead (the RFC 4733 echo number).
      { PHONE_PROVIDER: 'sip', SIP_CALL_MODEL: 'room', SIP_PROXY: '', SIP_RING_TIMEOUT_S: '3', LOG_LEVEL: 'info' },
      { dataDirPrefix: 'cw-browser-hold-keys-' },
    );
    panel = dialerPanel(app.url);
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const telephony = (file: string) => path.join(app.dataDir, 'telephony', file);
  const keysAtLeadPhone = (number: string) =>
    readLeadPhoneLog<{ to: string; key: string }>(telephony('lead-phone-dtmf.log'))
      .filter((line) => line.to === number)
      .map((line) => line.key);

  async function inCall(number: string): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await panel.openAgentContext(browser, {
      permissions: ['microphone'],
      initScript: KEEP_PEERS,
    });
    await panel.dial(page, number);
    await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
    return { context, page };
  }

  it('Hold on the echo number: the echoed audio stops and the lead hears the hold tone; Resume brings the audio back', async () => {
    const { context, page } = await inCall('5550100005');
    const dialer = panel.dialerOf(page);
    const api = await panel.agentApi();
    try {
      await expect.poll(() => energyOver(page, 500), { timeout: 10_000 }).toBeGreaterThan(0);
      const talking = await energyOver(page, 2_000);
      const hold = dialer.getByRole('button', { name: 'Hold' });
      expect(await hold.getAttribute('aria-pressed')).toBe('false');
      await hold.click();
      await expect.poll(() => hold.getAttribute('aria-pressed')).toBe('true');
      await dialer.getByText('On hold', { exact: true }).waitFor();
      expect((await api.liveCall())?.held).toBe(true);
      // What was already under way (the echo's round trip, the jitter buffer) drains first.
      await page.waitForTimeout(1_000);
      const held = await energyOver(page, 2_000);
      console.log(`agent's received audio energy over 2 s: talking ${talking}, on hold ${held}`);
      expect(held).toBeLessThan(talking / 10);

      await hold.click();
      await expect.poll(() => hold.getAttribute('aria-pressed')).toBe('false');
      expect(await dialer.getByText('On hold', { exact: true }).count()).toBe(0);
      await expect.poll(() => energyOver(page, 1_000), { timeout: 10_000 }).toBeGreaterThan(talking / 4);

      const call = (await api.liveCall()) as CallView;
      await dialer.getByRole('button', { name: 'End call' }).click();
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
      await expect
        .poll(async () => (await api.calls()).find((c) => c.id === call.id)?.recordingUrl, { timeout: 15_000 })
        .toBeTruthy();
      const link = (await api.calls()).find((c) => c.id === call.id)!.recordingUrl!;
      const wav = readWav(Buffer.from(await (await fetch(new URL(link, app.url))).arrayBuffer()));
      // Left: what the lead was sent, the hold tone among it; right: the lead's side, where the echo returned it, so
      // the lead's phone received it.
      expect(findHoldFrame(wav.channels[0]!, 10)).toBeGreaterThan(0);
      expect(findHoldFrame(wav.channels[1]!, 10)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('keypad keys, clicked and typed, reach the lead phone as SIP INFO where it takes no RFC 4733 events (its log)', async () => {
    const before = keysAtLeadPhone('5550100005').length;
    const { context, page } = await inCall('5550100005');
    const dialer = panel.dialerOf(page);
    try {
      const keypad = dialer.getByRole('group', { name: 'Keypad' });
      await keypad.getByRole('button', { name: '1', exact: true }).click();
      // Keyboard: Enter on a focused key, and typing a key while the keypad has focus.
      await keypad.getByRole('button', { name: '2', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('#');
      await page.keyboard.press('0');
      await expect(dialer.getByRole('status', { name: 'Keys sent' }).textContent()).resolves.toContain('12#0');
      await expect
        .poll(() => keysAtLeadPhone('5550100005').slice(before), { timeout: 10_000 })
        .toEqual(['1', '2', '#', '0']);
      await dialer.getByRole('button', { name: 'End call' }).click();
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);

  it('keypad keys reach a lead phone that takes RFC 4733 as telephone-events (the echo returns them to the server)', async () => {
    const { context, page } = await inCall('5550100007');
    const dialer = panel.dialerOf(page);
    const api = await panel.agentApi();
    try {
      const callId = (await api.liveCall())!.id;
      const keypad = dialer.getByRole('group', { name: 'Keypad' });
      for (const key of ['9', '*', '4']) await keypad.getByRole('button', { name: key, exact: true }).click();
      const keysBack = () =>
        app
          .output()
          .split('\n')
          .filter((line) => line.includes('DTMF key from the lead') && line.includes(callId))
          .map((line) => (JSON.parse(line) as { key: string }).key);
      await expect.poll(keysBack, { timeout: 10_000 }).toEqual(['9', '*', '4']);
      // The agent sees them as the lead's keys (the lead phone pressed what it echoed).
      const leadKeys = dialer.getByRole('status', { name: 'Keys pressed by the lead' });
      await expect.poll(() => leadKeys.textContent(), { timeout: 5_000 }).toBe(' Lead pressed: 9 * 4');
      // RFC 4733 was used: nothing went by SIP INFO.
      expect(keysAtLeadPhone('5550100007')).toEqual([]);
      await dialer.getByRole('button', { name: 'End call' }).click();
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);
});
