// bench:telephony's Chromium clicks (issue 30): what a user sees, in the product's real client (the built client,
// dist/client, served by the bench's app). A coach (an admin) clicks "Listen to <agent>" in the Bonsai page's Live
// calls card; a closer clicks "Accept" on the dialer panel's incoming transfer card, with a steady tone as Chromium's
// fake microphone (so it hears something only through the lead phone's echo). The agents on the other side are the
// bench's werift tabs (telephony-listen.ts, telephony-transfers.ts). From the page's click event: Janus's answer applied
// (setRemoteDescription), ICE connected, the connection up (DTLS) and the first sound received (inbound-rtp
// audioLevel above 0.01, read every 10 ms; Chromium refreshes its stats about every 50 ms, so up to ~50 ms late).
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CreatedUser } from '../../tests/support/factories.js';
import { FAKE_MEDIA_ARGS, launchBrowser, toneWav } from '../../tests/support/browser.js';
import type { Listener, ListenSample } from './telephony-listen.js';
import type { Closer, TransferSample } from './telephony-transfers.js';
import { signedInPage } from './telephony-browser.js';

/** From the click: each step of the page's newest connection, and whether it is the one the page had before. */
interface ClickSteps {
  answerMs?: number;
  iceMs?: number;
  connectedMs?: number;
  soundMs?: number;
  keptConnection?: boolean;
  error?: string;
}

interface Traced {
  pc: RTCPeerConnection;
  steps: { answerAt?: number; iceAt?: number; connectedAt?: number };
}
type BenchWindow = { __benchPeers: Traced[]; __benchClickAt?: number; RTCPeerConnection: typeof RTCPeerConnection };

/** Runs before the app's scripts: every RTCPeerConnection with the times of its steps, and the last click's time. */
function instrumentClicks(): void {
  const w = window as unknown as BenchWindow;
  const Native = w.RTCPeerConnection;
  w.__benchPeers = [];
  w.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      const traced: Traced = { pc: this, steps: {} };
      w.__benchPeers.push(traced);
      this.addEventListener('iceconnectionstatechange', () => {
        if (this.iceConnectionState === 'connected') traced.steps.iceAt ??= Date.now();
      });
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') traced.steps.connectedAt ??= Date.now();
      });
      const apply = this.setRemoteDescription.bind(this);
      this.setRemoteDescription = ((description: RTCSessionDescriptionInit) => {
        traced.steps.answerAt ??= Date.now();
        return apply(description);
      }) as RTCPeerConnection['setRemoteDescription'];
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      const label = button?.getAttribute('aria-label') ?? button?.textContent?.trim() ?? '';
      if (label.startsWith('Listen to') || label === 'Accept') w.__benchClickAt = Date.now();
    },
    true,
  );
}

/** Forgets the last click; resolves with how many connections the page made so far. */
const beforeClick = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__benchClickAt = undefined;
    return w.__benchPeers.length;
  });

/** In the page, after the click: waits for sound on the newest connection and reads the steps' times. */
function measureClick(page: Page, peersBefore: number): Promise<ClickSteps> {
  return page.evaluate(async (before) => {
    const w = window as unknown as BenchWindow;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const traced = w.__benchPeers.at(-1);
      let level = 0;
      (await traced?.pc.getStats())?.forEach((s: { type: string; kind?: string; audioLevel?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') level = s.audioLevel ?? 0;
      });
      const clickAt = w.__benchClickAt;
      if (traced && clickAt !== undefined && level > 0.01) {
        const since = (at?: number) => (at === undefined || at < clickAt ? undefined : at - clickAt);
        return {
          soundMs: Date.now() - clickAt,
          answerMs: since(traced.steps.answerAt),
          iceMs: since(traced.steps.iceAt),
          connectedMs: since(traced.steps.connectedAt),
          keptConnection: w.__benchPeers.length === before,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { error: 'no sound within 10 s of the click' };
  }, peersBefore);
}

/** Clicks `button` once it shows and measures the click (measureClick). */
async function clickAndMeasure(page: Page, button: Locator): Promise<ClickSteps> {
  await button.waitFor();
  const before = await beforeClick(page);
  await button.click();
  return measureClick(page, before);
}

/** The coach in Chromium on the Bonsai page: Listen in the Live calls card, Leave afterwards. */
export async function chromiumListener(
  url: string,
  coach: CreatedUser,
  agentName: string,
): Promise<{ listener: Listener; close: () => Promise<void> }> {
  const browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  const { page } = await signedInPage(browser, url, coach, '/dashboard/bonsai', instrumentClicks);
  const liveCalls = page.getByRole('region', { name: 'Live calls' });
  const listener: Listener = async () => {
    // The card lists the call within its 5 s refresh (an admin gets no team events).
    const steps = await clickAndMeasure(page, liveCalls.getByRole('button', { name: `Listen to ${agentName}` }));
    const sample: ListenSample = {
      clickToAnswerMs: steps.answerMs,
      clickToIceMs: steps.iceMs,
      clickToConnectedMs: steps.connectedMs,
      clickToAudioMs: steps.soundMs,
      error: steps.error,
    };
    const leave = async () => {
      const leaveButton = liveCalls.getByRole('button', { name: 'Leave' });
      if (await leaveButton.isVisible()) await leaveButton.click();
      await leaveButton.waitFor({ state: 'detached' });
    };
    return { sample, leave };
  };
  return { listener, close: () => browser.close() };
}

/**
 * The closer in Chromium on the Calls page: Accept on the incoming transfer card. Every other transfer starts from a
 * reloaded page (a fresh connection is offered at Accept); the others use the connection the panel kept from the
 * closer's last call.
 */
export async function chromiumCloser(
  url: string,
  closer: CreatedUser,
  dataDir: string,
): Promise<{ accept: Closer; close: () => Promise<void> }> {
  const tone = toneWav(700, path.join(dataDir, 'closer-tone.wav'));
  const browser: Browser = await launchBrowser({
    extraArgs: [...FAKE_MEDIA_ARGS, `--use-file-for-fake-audio-capture=${tone}`],
  });
  const { page } = await signedInPage(browser, url, closer, '/dashboard/calls', instrumentClicks);
  const dialer = page.getByRole('region', { name: 'Dialer' });
  await dialer.getByText('Connected', { exact: true }).waitFor();
  let transfers = 0;
  const accept: Closer = async () => {
    const card = dialer.getByRole('alertdialog', { name: 'Incoming transfer' });
    const steps = await clickAndMeasure(page, card.getByRole('button', { name: 'Accept' }));
    const sample: TransferSample = {
      acceptToAnswerMs: steps.answerMs,
      acceptToIceMs: steps.iceMs,
      acceptToDtlsMs: steps.connectedMs,
      acceptToHeardMs: steps.soundMs,
      keptConnection: steps.keptConnection,
      error: steps.error,
    };
    const done = async () => {
      // The call is over for the closer once the panel offers Call again; after every second transfer the page
      // starts afresh, so the next Accept offers a new connection.
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
      if (++transfers % 2 === 0) {
        await page.reload();
        await dialer.getByText('Connected', { exact: true }).waitFor();
      }
    };
    return { sample, done };
  };
  return { accept, close: () => browser.close() };
}
