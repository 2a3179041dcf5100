import { randomUUID } from 'node:crypto';
import type * as sip from 'sip';
import type { Logger } from '../logger.js';
import type { InboundCalls, InboundOffer, VoicemailLeft } from './phone-provider.js';
import { mediaOf, offerSdp } from './leg-sdp.js';
import { takeRelayRecording } from './relay-recording.js';
import { RtpRelay } from './rtp-relay.js';
import { InboundSipLeg } from './sip-inbound-leg.js';
import type { SipUserAgent } from './sip-leg.js';

/**
 * Leads calling the campaigns' numbers, on the room provider's SIP stack (docs/telephony.md, "Lead calls back"): each
 * INVITE rings (180) until the dialer bridges it into an agent's room (room-provider.ts takes the leg) or takes a
 * voicemail here: the relay answers, plays the greeting to the caller and records what they say, from the answer to
 * their BYE or the time limit, as a call's recording (relay-recording.ts).
 */
export class RoomInbound implements InboundCalls {
  private readonly ringing = new Map<string, InboundSipLeg>();
  private readonly offeredTo = new Set<(offer: InboundOffer) => void>();
  private readonly abandonedTo = new Set<(inboundId: string) => void>();

  constructor(
    private readonly options: { recordingsDir: () => string; sipAgent: () => Promise<SipUserAgent>; log?: Logger },
  ) {}

  /** A new INVITE on the provider's SIP stack. */
  take(userAgent: SipUserAgent, invite: sip.SipMessage): void {
    const leg = new InboundSipLeg(userAgent, invite);
    const inboundId = randomUUID();
    this.ringing.set(inboundId, leg);
    leg.follow({
      onCancelled: () => {
        this.ringing.delete(inboundId);
        for (const handler of this.abandonedTo) handler(inboundId);
      },
      onRemoteBye: () => undefined,
    });
    leg.ring();
    this.options.log?.info({ inboundId, from: leg.from, to: leg.to }, 'inbound call');
    if (this.offeredTo.size === 0) return void this.reject(inboundId);
    for (const handler of this.offeredTo) handler({ inboundId, from: leg.from, to: leg.to });
  }

  /** Someone takes the calls (the dialer in an API process): the SIP stack listens on the carrier's fixed port. */
  get listening(): boolean {
    return this.offeredTo.size > 0;
  }

  /** The ringing caller's leg, taken off the ringing list (the room provider bridges it into a call). */
  claim(inboundId: string): InboundSipLeg | undefined {
    const leg = this.ringing.get(inboundId);
    this.ringing.delete(inboundId);
    return leg?.ringing ? leg : undefined;
  }

  onOffered(handler: (offer: InboundOffer) => void): () => void {
    this.offeredTo.add(handler);
    // The SIP stack listens from the first subscriber on: inbound calls arrive before any agent connects.
    void this.options.sipAgent().catch((error) => this.options.log?.warn({ err: error }, 'SIP stack not started'));
    return () => this.offeredTo.delete(handler);
  }

  onAbandoned(handler: (inboundId: string) => void): () => void {
    this.abandonedTo.add(handler);
    return () => this.abandonedTo.delete(handler);
  }

  reject(inboundId: string): void {
    this.claim(inboundId)?.end();
  }

  async voicemail(inboundId: string, { greeting, maxMs }: { greeting: Buffer; maxMs: number }): Promise<VoicemailLeft> {
    const leg = this.claim(inboundId);
    if (!leg) return { wav: null, seconds: 0 };
    const userAgent = await this.options.sipAgent();
    const relay = await RtpRelay.open(userAgent.address);
    const recordingId = `voicemail-${inboundId}`;
    try {
      const far = mediaOf(leg.offerSdp);
      if (far) relay.connectFar(far);
      const hungUp = new Promise<void>((resolve) => leg.follow({ onCancelled: resolve, onRemoteBye: resolve }));
      leg.answer(offerSdp(relay.farSideAddress));
      relay.startRecording(this.options.recordingsDir(), recordingId);
      const answeredAt = Date.now();
      const greeted = await Promise.race([relay.announce(greeting).then(() => true), hungUp.then(() => false)]);
      if (greeted) await Promise.race([hungUp, new Promise((resolve) => setTimeout(resolve, maxMs))]);
      leg.end();
      const seconds = Math.round((Date.now() - answeredAt) / 1_000);
      await relay.stopRecording();
      relay.close();
      return { wav: await takeRelayRecording(this.options.recordingsDir(), recordingId), seconds };
    } catch (error) {
      leg.end();
      relay.close();
      throw error;
    }
  }

  /** Hangs up every caller still ringing (the process stops). */
  close(): void {
    for (const inboundId of [...this.ringing.keys()]) this.reject(inboundId);
  }
}
