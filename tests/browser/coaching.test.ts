// Listen, whisper and barge (issue 30) in Chromium with fake microphones against the local carrier: the agent (Dina,
// agent4) calls 555-010-0005 (echo until hangup) from the dialer panel; her team lead three levels up (Alex, agent)
// listens in from the Bonsai page. Each browser's microphone is its own tone, so who hears whom is measured by
// frequency: in the agent's page (what she receives from the room) and in the call's recording, whose left channel is
// what the lead heard.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachingAnswer } from '../../shared/events.js';
import type { CoachingAuditList } from '../../shared/schemas/coaching/audit.js';
import { coachingMessages } from '../../shared/schemas/coaching/messages.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../shared/schemas/dialer/state.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { FAKE_MEDIA_ARGS, launchBrowser, toneWav, waitForPath } from '../support/browser.js';

const missing = localCarrierProblem();

const AGENT = { email: 'agent4@demo.test', name: 'Dina Fullstack' };
const TEAM_LEAD = { email: 'agent@demo.test', name: 'Alex Warrior' };
const PASSWORD = process.env.DEMO_PASSWORD || 'commission-warrior';
/** Each microphone's tone (Hz): far apart, both well inside G.711's band. */
const AGENT_TONE = 500;
const COACH_TONE = 1_300;

/** The page's RTCPeerConnections, kept from outside the app (it exposes nothing for this). */
const KEEP_PEERS = `{ const Native = window.RTCPeerConnection; window.__peers = [];
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__peers.push(this); } }; }`;

/** Goertzel: the share of the window's energy at `frequency` (1 for a pure tone there, ~0 for none). */
function toneShare(samples: ArrayLike<number>, rate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / rate);
  let previous = 0;
  let beforePrevious = 0;
  let energy = 0;
  for (let i = 0; i < samples.length; i++) {
    const current = samples[i]! + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
    energy += samples[i]! * samples[i]!;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return energy > 0 ? (2 * power) / (samples.length * energy) : 0;
}

describe.skipIf(missing !== null)('listen, whisper, barge (Chromium, two fake microphones, local carrier)', () => {
  let app: AppProcess;
  let url: string;
  let agentBrowser: Browser;
  let coachBrowser: Browser;

  beforeAll(async () => {
    app = await startAppProcess(
      { PHONE_PROVIDER: 'sip', SIP_CALL_MODEL: 'room', SIP_PROXY: '', SIP_RING_TIMEOUT_S: '3' },
      { dataDirPrefix: 'cw-browser-coaching-' },
    );
    url = app.url;
    const microphone = (tone: number, name: string) => [
      ...FAKE_MEDIA_ARGS,
      `--use-file-for-fake-audio-capture=${toneWav(tone, path.join(app.dataDir, name))}`,
      '--autoplay-policy=no-user-gesture-required',
    ];
    [agentBrowser, coachBrowser] = await Promise.all([
      launchBrowser({ extraArgs: microphone(AGENT_TONE, 'agent-tone.wav') }),
      launchBrowser({ extraArgs: microphone(COACH_TONE, 'coach-tone.wav') }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([agentBrowser?.close(), coachBrowser?.close()]);
    await app?.stop();
  });

  async function signIn(browser: Browser, email: string, at: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
    await context.addInitScript({ content: KEEP_PEERS });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${url}${at}`);
    return page;
  }

  async function tokenOf(email: string, password = PASSWORD): Promise<string> {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return ((await login.json()) as { accessToken: string }).accessToken;
  }

  async function api<T>(email: string, route: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${url}/api${route}`, {
      ...init,
      headers: { authorization: `Bearer ${await tokenOf(email)}`, 'content-type': 'application/json' },
    });
    return { status: answer.status, body: (answer.status === 204 ? undefined : await answer.json()) as T };
  }

  /** Audio energy the page's newest connection received so far (RTCInboundRtpStreamStats.totalAudioEnergy). */
  const receivedEnergy = (page: Page) =>
    page.evaluate(async () => {
      const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
      let energy = 0;
      (await pc?.getStats())?.forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') energy = s.totalAudioEnergy ?? 0;
      });
      return energy;
    });

  /**
   * What the agent's page receives from the room, 1 s of it: the share of each tone in it (Goertzel over the samples
   * of an AnalyserNode on the call connection's incoming track).
   */
  const agentHears = async (page: Page): Promise<{ coach: number; agent: number }> => {
    const samples = await page.evaluate(async () => {
      const holder = window as unknown as {
        __peers: RTCPeerConnection[];
        __ear?: { analyser: AnalyserNode; context: AudioContext };
      };
      if (!holder.__ear) {
        const pc = holder.__peers.findLast((peer) => peer.connectionState === 'connected')!;
        const track = pc.getReceivers().find((receiver) => receiver.track.kind === 'audio')!.track;
        const context = new AudioContext();
        const analyser = context.createAnalyser();
        analyser.fftSize = 32_768;
        context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
        holder.__ear = { analyser, context };
      }
      await holder.__ear.context.resume();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const buffer = new Float32Array(holder.__ear.analyser.fftSize);
      holder.__ear.analyser.getFloatTimeDomainData(buffer);
      return { data: Array.from(buffer), rate: holder.__ear.context.sampleRate };
    });
    return {
      coach: toneShare(samples.data, samples.rate, COACH_TONE),
      agent: toneShare(samples.data, samples.rate, AGENT_TONE),
    };
  };

  /** The agent signs in and calls 555-010-0005 (echo until hangup) from the dialer panel. */
  async function agentOnEchoCall() {
    const agentPage = await signIn(agentBrowser, AGENT.email, '/dashboard/calls');
    const dialer = agentPage.getByRole('region', { name: 'Dialer' });
    await dialer.getByText('Connected', { exact: true }).waitFor();
    await dialer.getByLabel('Phone number').fill('5550100005');
    await dialer.getByRole('button', { name: 'Call', exact: true }).click();
    await dialer.getByText('In call', { exact: true }).waitFor();
    return { agentPage, dialer };
  }

  it('a team lead three levels up listens, whispers and barges; the lead hears the coach only when barged in', async () => {
    const { agentPage, dialer } = await agentOnEchoCall();

    const coachPage = await signIn(coachBrowser, TEAM_LEAD.email, '/dashboard/bonsai');
    const liveCalls = coachPage.getByRole('region', { name: 'Live calls' });
    const listenButton = liveCalls.getByRole('button', { name: `Listen to ${AGENT.name}` });
    /** The coach panel's mode switch (react-aria toggle buttons in a single-selection group). */
    const switchTo = async (mode: 'Whisper' | 'Barge') => {
      const at = Date.now();
      await liveCalls
        .getByRole('radio', { name: mode })
        .or(liveCalls.getByRole('button', { name: mode }))
        .click();
      return at;
    };
    await listenButton.waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // a stretch of the call before anyone listens

    // Listen: the coach hears the call (energy arrives), the agent is told, the lead hears nothing new.
    const listenAt = Date.now();
    await listenButton.click();
    await liveCalls.getByText(`Listening to ${AGENT.name}`).waitFor();
    const joinedAt = Date.now();
    await expect.poll(() => receivedEnergy(coachPage), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0.0001);
    console.log(
      `listen click -> panel joined ${joinedAt - listenAt} ms, -> audio energy at the coach ${Date.now() - listenAt} ms`,
    );
    await dialer.getByText('Your team lead is listening').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const whileListening = await agentHears(agentPage);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // Whisper: the agent hears the coach's tone; the lead must not (the recording, below).
    const whisperAt = await switchTo('Whisper');
    await dialer.getByText('Your team lead is coaching').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const whileWhispering = await agentHears(agentPage);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // Barge: all three talk.
    const bargeAt = await switchTo('Barge');
    await liveCalls.getByText(`Barged into the call of ${AGENT.name}`).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const leaveAt = Date.now();
    await liveCalls.getByRole('button', { name: 'Leave' }).click();
    await dialer.getByText('Your team lead is coaching').waitFor({ state: 'detached' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await dialer.getByRole('button', { name: 'End call' }).click();
    await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();

    console.log('agent receives (share of coach tone / agent tone)', { whileListening, whileWhispering });
    expect(whileListening.coach).toBeLessThan(0.05);
    expect(whileWhispering.coach).toBeGreaterThan(0.05);

    // The recording's left channel is what the lead heard, from the answer on.
    const call = (await api<DialerState>(AGENT.email, '/dialer/state')).body.call as CallView;
    await expect
      .poll(async () => ((await api<DialerState>(AGENT.email, '/dialer/state')).body.call as CallView).recordingUrl, {
        timeout: 15_000,
      })
      .toBeTruthy();
    const link = ((await api<DialerState>(AGENT.email, '/dialer/state')).body.call as CallView).recordingUrl!;
    const wav = readWav(Buffer.from(await (await fetch(new URL(link, url))).arrayBuffer()));
    const answeredAt = Date.parse(call.connectedAt!);
    const heardByLead = wav.channels[0]!;
    const window = (from: number, to: number) =>
      heardByLead.slice(
        Math.max(0, Math.round(((from - answeredAt) * wav.rate) / 1_000)),
        Math.round(((to - answeredAt) * wav.rate) / 1_000),
      );
    const rms = (samples: ArrayLike<number>) =>
      Math.sqrt(Array.from(samples).reduce((sum, v) => sum + v * v, 0) / Math.max(1, samples.length));
    const phases = {
      before: window(listenAt - 1_800, listenAt),
      listen: window(listenAt + 2_000, whisperAt - 300),
      whisper: window(whisperAt + 1_000, bargeAt - 300),
      barge: window(bargeAt + 1_000, leaveAt - 300),
    };
    const measured = Object.fromEntries(
      Object.entries(phases).map(([phase, samples]) => [
        phase,
        {
          rms: Math.round(rms(samples)),
          coachTone: toneShare(samples, wav.rate, COACH_TONE),
          agentTone: toneShare(samples, wav.rate, AGENT_TONE),
        },
      ]),
    );
    console.log('what the lead heard (recording, left channel)', measured);
    // Listen: the lead's audio is the agent's, level unchanged by the listener's microphone.
    expect(measured.listen!.coachTone).toBeLessThan(0.02);
    expect(measured.listen!.rms / measured.before!.rms).toBeGreaterThan(0.7);
    expect(measured.listen!.rms / measured.before!.rms).toBeLessThan(1.4);
    // Whisper: still not a trace of the coach at the lead.
    expect(measured.whisper!.coachTone).toBeLessThan(0.02);
    // Barge: the lead hears the coach.
    expect(measured.barge!.coachTone).toBeGreaterThan(0.1);

    // Every join and mode change is in the audit log the admins (and the campaign's owner) read.
    const audit = (await api<CoachingAuditList>('admin@demo.test', '/coaching/audit')).body.items.filter(
      (line) => line.callId === call.id && line.actorName === TEAM_LEAD.name,
    );
    expect(audit.map((line) => `${line.action}:${line.mode ?? ''}`).reverse()).toEqual([
      'join:listen',
      'mode:whisper',
      'mode:barge',
      'leave:barge',
    ]);
    expect(audit.every((line) => line.agentName === AGENT.name && line.basis === 'upline')).toBe(true);
  }, 150_000);

  it('refuses an agent outside the team over HTTP and over a crafted socket event, and audits it', async () => {
    const { dialer } = await agentOnEchoCall();
    const agentId = (await api<{ id: string }>(AGENT.email, '/me')).body.id;

    const email = `outsider-${Date.now()}@test.local`;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Otto Outsider',
        email,
        password: 'warrior-password-1',
        confirmPassword: 'warrior-password-1',
        agreeTerms: true,
      }),
    });
    const { devCode } = (await registered.json()) as { devCode: string };
    await fetch(`${url}/api/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code: devCode }),
    });
    const token = await tokenOf(email, 'warrior-password-1');
    const overHttp = await fetch(`${url}/api/coaching/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ agentId, sdp: 'v=0\r\n' }),
    });
    expect(overHttp.status).toBe(403);
    const socket = io(url, { auth: { token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const answer = await new Promise<CoachingAnswer>((resolve) =>
        socket.emit('coaching:listen', { agentId, sdp: 'v=0\r\n' }, resolve),
      );
      expect(answer).toEqual({ ok: false, error: coachingMessages.refused });
    } finally {
      socket.disconnect();
    }
    const refused = (await api<CoachingAuditList>('admin@demo.test', '/coaching/audit')).body.items.filter(
      (line) => line.action === 'refused' && line.actorName === 'Otto Outsider',
    );
    expect(refused.map((line) => line.via).sort()).toEqual(['http', 'socket']);
    await dialer.getByRole('button', { name: 'End call' }).click();
    await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
  }, 90_000);
});
