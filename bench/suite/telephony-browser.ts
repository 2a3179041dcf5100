import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from 'mongodb';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import type { CreatedUser } from '../../tests/support/factories.js';
import { FAKE_MEDIA_ARGS, launchBrowser, waitForPath } from '../../tests/support/browser.js';

/**
 * bench:telephony's Chromium part: the real dialer panel (the built client, dist/client, served by the bench's app)
 * with Chromium's fake microphone, dialing an echo number from the panel a few times. Per call: the click on Call
 * (time of the page's click event) -> the INVITE in the lead phone's log and -> the 200 OK applied by the server
 * (the call's `connectedAt`), then, after holding the call, the page's own RTCPeerConnection stats. The panel's
 * connection is reached by wrapping the page's `RTCPeerConnection` constructor before the app's scripts run
 * (`addInitScript`); the app itself exposes nothing for this.
 */

export interface BrowserCallStats {
  /** remote-inbound-rtp: RTT between the tab and Janus from RTCP (Janus's receiver reports of the tab's audio). */
  rttMs?: number;
  /** The same, averaged over the call's RTCP measurements. */
  rttAverageMs?: number;
  rttMeasurements?: number;
  /** Selected ICE candidate pair: RTT of the STUN consent checks to Janus. */
  iceRttMs?: number;
  /** Jitter of the audio the tab receives (the echo), inbound-rtp. */
  jitterMs?: number;
  /** Jitter of the tab's own audio as Janus saw it (remote-inbound-rtp). */
  remoteJitterMs?: number;
  /** Mean time a received sample waited in the jitter buffer (jitterBufferDelay / jitterBufferEmittedCount). */
  jitterBufferMs?: number;
  packetsReceived?: number;
  packetsLost?: number;
  /** Packets of the tab's audio Janus reported lost. */
  remotePacketsLost?: number;
  packetsSent?: number;
  /** Mean playout delay of the received audio (media-playout: totalPlayoutDelay / totalSamplesCount), where reported. */
  playoutDelayMs?: number;
  /** Received samples replaced by concealment (no audio in time), in percent of all received samples. */
  concealedPercent?: number;
}

export interface BrowserCallSample {
  callId?: string;
  clickToInviteMs?: number;
  clickToAnswerMs?: number;
  stats: BrowserCallStats;
  error?: string;
}

/** Runs before the app's scripts: keeps every RTCPeerConnection the page makes and the time of each click on Call. */
function instrumentPage(): void {
  const w = window as unknown as {
    __benchPeers: RTCPeerConnection[];
    __benchClicks: number[];
    RTCPeerConnection: typeof RTCPeerConnection;
  };
  const Native = w.RTCPeerConnection;
  w.__benchPeers = [];
  w.__benchClicks = [];
  w.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      w.__benchPeers.push(this);
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.trim() === 'Call') w.__benchClicks.push(Date.now());
    },
    true,
  );
}

/** The latest peer connection's audio figures (in the page). */
async function readPeerStats(page: Page): Promise<BrowserCallStats> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __benchPeers: RTCPeerConnection[] }).__benchPeers;
    const pc = peers.at(-1);
    if (!pc) return {};
    const all: Array<Record<string, unknown>> = [];
    (await pc.getStats()).forEach((s: Record<string, unknown>) => all.push(s));
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    const audio = (type: string) => all.find((s) => s.type === type && (s.kind ?? 'audio') === 'audio');
    const remote = audio('remote-inbound-rtp');
    const inbound = audio('inbound-rtp');
    const outbound = audio('outbound-rtp');
    const playout = all.find((s) => s.type === 'media-playout');
    const played = num(playout?.totalSamplesCount);
    const transport = all.find((s) => s.type === 'transport');
    const pair =
      all.find((s) => s.type === 'candidate-pair' && s.id === transport?.selectedCandidatePairId) ??
      all.find((s) => s.type === 'candidate-pair' && s.nominated === true);
    const secondsToMs = (v: unknown) => (num(v) === undefined ? undefined : (v as number) * 1_000);
    const measurements = num(remote?.roundTripTimeMeasurements);
    const emitted = num(inbound?.jitterBufferEmittedCount);
    const samples = num(inbound?.totalSamplesReceived);
    return {
      rttMs: secondsToMs(remote?.roundTripTime),
      rttAverageMs: measurements ? secondsToMs((num(remote?.totalRoundTripTime) ?? 0) / measurements) : undefined,
      rttMeasurements: measurements,
      iceRttMs: secondsToMs(pair?.currentRoundTripTime),
      jitterMs: secondsToMs(inbound?.jitter),
      remoteJitterMs: secondsToMs(remote?.jitter),
      jitterBufferMs: emitted ? secondsToMs((num(inbound?.jitterBufferDelay) ?? 0) / emitted) : undefined,
      playoutDelayMs: played ? secondsToMs((num(playout?.totalPlayoutDelay) ?? 0) / played) : undefined,
      packetsReceived: num(inbound?.packetsReceived),
      packetsLost: num(inbound?.packetsLost),
      remotePacketsLost: num(remote?.packetsLost),
      packetsSent: num(outbound?.packetsSent),
      concealedPercent: samples ? ((num(inbound?.concealedSamples) ?? 0) / samples) * 100 : undefined,
    };
  });
}

/** A new context signed in as `user` on `path`, with `instrument` run before the app's scripts in every page. */
export async function signedInPage(
  browser: Browser,
  url: string,
  user: CreatedUser,
  path: string,
  instrument: () => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
  // The bench runs under tsx, whose compiler wraps named functions in a `__name(...)` helper: functions handed to
  // the page need it there too.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/dashboard');
  await page.goto(`${url}${path}`);
  return { context, page };
}

export interface BrowserRunOptions {
  url: string;
  db: Db;
  agent: CreatedUser;
  number: string;
  calls: number;
  holdMs: number;
  leadPhoneLog: string;
}

/** Signs the agent in, opens Calls, and dials `number` from the panel `calls` times, one after the other. */
export async function runBrowserCalls(options: BrowserRunOptions): Promise<BrowserCallSample[]> {
  const { url, db, agent, number } = options;
  const browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
  const samples: BrowserCallSample[] = [];
  try {
    const { context, page } = await signedInPage(browser, url, agent, '/dashboard/calls', instrumentPage);
    const dialer = page.getByRole('region', { name: 'Dialer' });
    await dialer.getByText('Connected', { exact: true }).waitFor();

    const agentTag = `agent-${agent.user._id.toHexString()}@`;
    const invitesBefore = () =>
      readLeadPhoneLog(options.leadPhoneLog).filter((line) => line.to === number && line.from.includes(agentTag));
    for (let i = 0; i < options.calls; i++) {
      const sample: BrowserCallSample = { stats: {} };
      samples.push(sample);
      try {
        const before = invitesBefore().length;
        const clicksBefore = await page.evaluate(
          () => (window as unknown as { __benchClicks: number[] }).__benchClicks.length,
        );
        await dialer.getByLabel('Phone number').fill(number);
        await dialer.getByRole('button', { name: 'Call', exact: true }).click();
        await dialer.getByText('In call', { exact: true }).waitFor();
        const clickedAt = await page.evaluate(
          (n) => (window as unknown as { __benchClicks: number[] }).__benchClicks[n],
          clicksBefore,
        );
        const call = await callsCollection(db).findOne({ agentId: agent.user._id }, { sort: { startedAt: -1 } });
        sample.callId = call?._id.toHexString();
        if (call?.connectedAt && clickedAt) sample.clickToAnswerMs = call.connectedAt.getTime() - clickedAt;
        await page.waitForTimeout(options.holdMs);
        sample.stats = await readPeerStats(page);
        await dialer.getByRole('button', { name: 'End call' }).click();
        await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
        const invite = invitesBefore()[before];
        if (invite && clickedAt) sample.clickToInviteMs = Date.parse(invite.at) - clickedAt;
        // The line is free again 1 s after the end.
        for (
          let waited = 0;
          call && (await callsCollection(db).findOne({ _id: call._id }))?.state !== 'idle';
          waited += 50
        ) {
          if (waited > 20_000) throw new Error(`call ${call._id.toHexString()} not idle within 20 s`);
          await page.waitForTimeout(50);
        }
      } catch (error) {
        sample.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
        break;
      }
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return samples;
}
