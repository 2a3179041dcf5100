// `npm run bench:telephony` with SIP_CALL_MODEL=room: how soon a coach who clicks "Listen" hears the call (issue 30).
// The agent's werift tab calls the echo number; once connected, the coach clicks Listen: a second werift peer (an
// admin) sending its offer with POST /api/coaching/sessions, exactly what the Listen button sends, or the real button
// in Chromium (telephony-browser-clicks.ts). The clock runs from the click until the first sound (not mu-law silence)
// reaches the coach; the werift coach also times its connection's steps (tests/support/werift-connection.ts).
import type { Socket } from 'socket.io-client';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import type { CreatedUser } from '../../tests/support/factories.js';
import { WebrtcAgentTab } from '../../tests/support/webrtc-agent.js';
import {
  keepEarlyClientHello,
  watchConnectionSteps,
  type ConnectionSteps,
} from '../../tests/support/werift-connection.js';

export interface ListenSample {
  /** POST sent -> its answer (the server's checks, the coach's room and both joins, Janus's SDP). */
  clickToAnswerMs?: number;
  /** POST sent -> the coach's connection to Janus is up (ICE and DTLS done). */
  clickToConnectedMs?: number;
  clickToAudioMs?: number;
  /** POST sent -> Janus's ClientHello, ICE connected, DTLS connected, first RTP packet at the coach. */
  clickToHelloMs?: number;
  /** Janus's first ClientHello reached the coach's peer before its DTLS was listening. */
  helloEarly?: boolean;
  clickToIceMs?: number;
  clickToDtlsMs?: number;
  clickToFirstRtpMs?: number;
  error?: string;
}

/** mu-law silence is 0xff/0x7f (and their neighbours): a frame with anything louder is sound. */
const audible = (payload: Buffer) => payload.some((byte) => (byte & 0x7f) < 0x70);

async function coachOffer(): Promise<{
  pc: RTCPeerConnection;
  heard: Promise<number>;
  connected: Promise<number>;
  steps: ConnectionSteps;
}> {
  const pc = new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
    },
    iceUseIpv6: false,
  });
  pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
  // A browser keeps Janus's ClientHello when it comes before its DTLS listens; werift alone drops it (1 s lost).
  keepEarlyClientHello(pc);
  const steps = watchConnectionSteps(pc);
  const heard = new Promise<number>((resolve) =>
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        if (audible(rtp.payload)) resolve(performance.now());
      }),
    ),
  );
  const connected = new Promise<number>((resolve) =>
    pc.connectionStateChange.subscribe((state) => state === 'connected' && resolve(performance.now())),
  );
  await pc.setLocalDescription(await pc.createOffer());
  // The Listen button sends its offer with every candidate (no trickle): so does this peer.
  if (pc.iceGatheringState !== 'complete')
    await new Promise<void>((resolve) =>
      pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()),
    );
  return { pc, heard, connected, steps };
}

type Api = (
  token: string,
  method: string,
  route: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** A coach's "Listen" on the agent's connected call: its figures, and how the coach leaves afterwards. */
export type Listener = (agentId: string) => Promise<{ sample: ListenSample; leave: () => Promise<void> }>;

/** The werift coach: its offer with every candidate in POST /api/coaching/sessions, as the Listen button sends it. */
export function weriftListener(api: Api, coach: CreatedUser): Listener {
  return async (agentId) => {
    const sample: ListenSample = {};
    const offered = await coachOffer();
    const coachPc = offered.pc;
    let sessionId: string | undefined;
    const leave = async () => {
      if (sessionId) await api(coach.accessToken, 'DELETE', `/coaching/sessions/${sessionId}`);
      await coachPc.close().catch(() => undefined);
    };
    try {
      const clickedAt = performance.now();
      const joined = await api(coach.accessToken, 'POST', '/coaching/sessions', {
        agentId,
        sdp: coachPc.localDescription!.sdp,
      });
      sample.clickToAnswerMs = performance.now() - clickedAt;
      if (joined.status !== 201) throw new Error(`listen refused: ${joined.status} ${JSON.stringify(joined.body)}`);
      sessionId = joined.body.sessionId as string;
      await coachPc.setRemoteDescription({ type: 'answer', sdp: joined.body.sdp as string });
      const heardAt = await Promise.race([
        offered.heard,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('no audio at the coach in 10 s')), 10_000),
        ),
      ]);
      sample.clickToAudioMs = heardAt - clickedAt;
      sample.clickToConnectedMs = (await offered.connected) - clickedAt;
      const since = (at: number | undefined) => (at === undefined ? undefined : at - clickedAt);
      sample.clickToHelloMs = since(offered.steps.clientHelloAt);
      sample.helloEarly = offered.steps.clientHelloEarly;
      sample.clickToIceMs = since(offered.steps.iceConnectedAt);
      sample.clickToDtlsMs = since(offered.steps.dtlsConnectedAt);
      sample.clickToFirstRtpMs = since(offered.steps.firstRtpAt);
    } catch (error) {
      sample.error = (error as Error).message;
    }
    return { sample, leave };
  };
}

/**
 * `count` times: the agent's werift tab (a tone) calls `number`; 0.5 s after it is connected the coach clicks Listen
 * (`listener`), then leaves, and the agent ends the call.
 */
export async function runListenClicks(options: {
  agent: CreatedUser;
  agentSocket: Socket;
  listener: Listener;
  number: string;
  count: number;
  /** The bench's API caller (JSON in and out, the status kept). */
  api: Api;
}): Promise<ListenSample[]> {
  const { api } = options;
  /** The agent's call reaches `state` (the phone view, polled: a push could come before anyone waits for it). */
  const reach = async (callId: string, state: string) => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const view = await api(options.agent.accessToken, 'GET', '/dialer/state');
      const call = view.body.call as { id?: string; state?: string } | null;
      if (call?.id === callId && call.state === state) return;
      if (state === 'idle' && call?.id !== callId) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`call not ${state} within 20 s`);
  };
  const samples: ListenSample[] = [];
  for (let i = 0; i < options.count; i++) {
    const tab = new WebrtcAgentTab(options.agentSocket);
    let sample: ListenSample = {};
    let callId: string | undefined;
    let leave: (() => Promise<void>) | undefined;
    try {
      const ack = await tab.offer();
      if (!ack.ok) throw new Error(`offer refused: ${ack.error}`);
      const started = await api(options.agent.accessToken, 'POST', '/dialer/calls', { phone: options.number });
      if (started.status !== 201) throw new Error(`call not placed: ${started.status}`);
      callId = started.body.id as string;
      await reach(callId, 'connected');
      await new Promise((resolve) => setTimeout(resolve, 500));
      ({ sample, leave } = await options.listener(options.agent.user._id.toHexString()));
    } catch (error) {
      sample.error = (error as Error).message;
    } finally {
      await leave?.().catch(() => undefined);
      if (callId) {
        await api(options.agent.accessToken, 'POST', `/dialer/calls/${callId}/end`);
        await reach(callId, 'idle').catch(() => undefined);
      }
      await tab.close();
    }
    samples.push(sample);
  }
  return samples;
}
