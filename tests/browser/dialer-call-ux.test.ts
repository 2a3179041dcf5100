// What the agent uses around a call, in Chromium with the fake microphone against the local carrier (PHONE_PROVIDER=sip,
// SIP_CALL_MODEL=room): the audio settings (microphone and speaker pickers, a level meter that moves with the fake
// microphone's beeps, "Test my microphone", the choice kept and applied to the live call), two consecutive calls on
// one RTCPeerConnection, the call's measured quality in Call History, and the in-call warning under a real degraded
// network (Chromium's WebRTC network emulation).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../support/browser.js';
import { dialerPanel } from '../support/dialer-panel.js';

const missing = localCarrierProblem();

/** The page's RTCPeerConnections, counted from outside the app (it exposes nothing for this). */
const KEEP_PEERS = `{ const Native = window.RTCPeerConnection; window.__peers = []; window.__peerStacks = [];
  window.RTCPeerConnection = class extends Native {
    constructor(c) { super(c); window.__peers.push(this); window.__peerStacks.push(new Error().stack); } }; }`;

type PeersWindow = { __peers: RTCPeerConnection[] };

describe.skipIf(missing !== null)('dialer audio settings, connection reuse and call quality (Chromium)', () => {
  let app: AppProcess;
  let browser: Browser;
  let panel: ReturnType<typeof dialerPanel>;

  beforeAll(async () => {
    app = await startAppProcess(
      { PHONE_PROVIDER: 'sip', SIP_CALL_MODEL: 'room', SIP_PROXY: '', SIP_RING_TIMEOUT_S: '3' },
      { dataDirPrefix: 'cw-browser-call-ux-' },
    );
    panel = dialerPanel(app.url);
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signIn = () => panel.openAgentContext(browser, { permissions: ['microphone'], initScript: KEEP_PEERS });
  const peers = (page: Page) => page.evaluate(() => (window as unknown as PeersWindow).__peers.length);
  /** Audio bytes the page's newest connection received. */
  const received = (page: Page) =>
    page.evaluate(async () => {
      const pc = (window as unknown as PeersWindow).__peers.at(-1);
      let bytes = 0;
      (await pc?.getStats())?.forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes = s.bytesReceived ?? 0;
      });
      return bytes;
    });
  const sentTrackLabel = (page: Page) =>
    page.evaluate(() => (window as unknown as PeersWindow).__peers.at(-1)?.getSenders()[0]?.track?.label ?? null);

  async function endCall(page: Page): Promise<void> {
    await panel.dialerOf(page).getByRole('button', { name: 'End call' }).click();
    await panel.dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();
  }

  it('audio settings: the level meter moves with the microphone, the test plays it back, the choice is kept and used by the live call', async () => {
    const { context, page, errors } = await signIn();
    try {
      const dialer = panel.dialerOf(page);
      await dialer.getByRole('button', { name: 'Audio settings' }).click();
      const meter = dialer.getByRole('meter', { name: 'Microphone level' });
      await meter.waitFor();
      // The fake microphone beeps: the level rises with each beep and falls between them.
      const levels = new Set<number>();
      // Sampled until a beep's peak is caught (a sample between beeps reads low).
      for (let i = 0; i < 80 && (levels.size < 3 || Math.max(...levels) <= 20); i++) {
        levels.add(Number(await meter.getAttribute('aria-valuenow')));
        await page.waitForTimeout(150);
      }
      expect(levels.size).toBeGreaterThanOrEqual(3);
      expect(Math.max(...levels)).toBeGreaterThan(20);

      // Speaker choice is offered (Chromium has setSinkId) with the fake outputs.
      await dialer.getByRole('button', { name: /Speaker/ }).click();
      const outputs = await page.getByRole('option').allTextContents();
      expect(outputs.length).toBeGreaterThan(0);
      await page.keyboard.press('Escape');

      await dialer.getByRole('button', { name: 'Test my microphone' }).click();
      await dialer.getByRole('status').filter({ hasText: 'Recording for 3 s: say something.' }).waitFor();
      await dialer.getByRole('status').filter({ hasText: 'Playing back what the microphone heard.' }).waitFor();
      await expect
        .poll(() => dialer.getByRole('button', { name: 'Test my microphone' }).isEnabled(), { timeout: 10_000 })
        .toBe(true);

      // Another microphone: kept in this browser, shown again after a reload.
      await dialer.getByRole('button', { name: /Microphone/ }).click();
      const inputs = page.getByRole('option');
      const names = await inputs.allTextContents();
      expect(names.length).toBeGreaterThanOrEqual(2);
      const chosen = names.at(-1)!;
      const other = names.at(-2)!;
      await inputs.filter({ hasText: chosen }).click();
      await page.reload();
      await panel.dialerOf(page).getByText('Connected', { exact: true }).waitFor();
      await panel.dialerOf(page).getByRole('button', { name: 'Audio settings' }).click();
      await expect
        .poll(() =>
          panel
            .dialerOf(page)
            .getByRole('button', { name: /Microphone/ })
            .textContent(),
        )
        .toContain(chosen);

      // A call sends from the chosen microphone; choosing another mid-call switches the live connection's track.
      await panel.dial(page, '5550100005');
      await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
      await expect.poll(() => sentTrackLabel(page)).toBe(chosen);
      await panel
        .dialerOf(page)
        .getByRole('button', { name: /Microphone/ })
        .click();
      await page.getByRole('option').filter({ hasText: other }).click();
      await expect.poll(() => sentTrackLabel(page), { timeout: 5_000 }).toBe(other);
      expect(await peers(page)).toBe(1);
      await endCall(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('two consecutive calls use one RTCPeerConnection (the tab stays in its room), and audio flows in both', async () => {
    const { context, page, errors } = await signIn();
    try {
      for (const call of [1, 2]) {
        const before = await received(page);
        await panel.dial(page, '5550100005');
        await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
        await expect.poll(() => received(page), { timeout: 10_000 }).toBeGreaterThan(before + 4_000);
        await endCall(page);
        if ((await peers(page)) !== 1)
          console.log(await page.evaluate(() => (window as unknown as { __peerStacks: string[] }).__peerStacks));
        expect({ call, peers: await peers(page) }).toEqual({ call, peers: 1 });
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("Call History shows the call's measured quality (rating, MOS, jitter, loss) as the server stored it", async () => {
    const { context, page } = await signIn();
    try {
      const api = await panel.agentApi();
      await panel.dial(page, '5550100005');
      await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
      const live = (await api.liveCall())!;
      // Samples every 2 s: a few of them.
      await expect
        .poll(async () => (await api.liveCall())?.quality?.samples ?? 0, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(3);
      await endCall(page);
      const stored = (await api.calls()).find((c) => c.id === live.id) as CallView;
      const quality = stored.quality!;
      expect(quality.average.mos).toBeGreaterThan(1);
      await page.reload();
      const row = page.locator(`tr[data-call-id="${live.id}"]`);
      const cell = row.getByRole('cell').nth(6);
      await expect
        .poll(() => cell.textContent())
        .toContain(
          `MOS ${quality.average.mos.toFixed(2)} · jitter ${quality.average.jitterMs.toFixed(0)} ms · loss ${quality.average.lossPercent.toFixed(1)}%`,
        );
      expect(await cell.textContent()).toMatch(/^(Good|Fair|Poor)/);
      expect(await page.getByRole('columnheader', { name: 'Quality' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('warns in the panel while the network is degraded (Chromium network emulation) and clears the warning when it recovers', async () => {
    const { context, page } = await signIn();
    try {
      const dialer = panel.dialerOf(page);
      const warning = dialer.getByRole('alert').filter({ hasText: 'Poor call quality' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const network = (latency: number, packetLoss: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency,
          downloadThroughput: -1,
          uploadThroughput: -1,
          packetLoss,
        });
      await network(600, 20);
      await panel.dial(page, '5550100005');
      await dialer.getByText('In call', { exact: true }).waitFor();
      await warning.waitFor({ timeout: 20_000 });
      console.log(`warning under emulation: ${await warning.textContent()}`);
      await network(0, 0);
      await warning.waitFor({ state: 'detached', timeout: 20_000 });
      await endCall(page);
    } finally {
      await context.close();
    }
  }, 90_000);
});
