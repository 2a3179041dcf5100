// Hold's and the keypad's wiring on a room call, kept apart from room-provider.ts: which DTMF method the far end's
// answer allows, one queue of keys per call, and the keys the lead sends back.
import { DtmfQueue, sendEvents, sendInfos, telephoneEventOf } from './dtmf.js';
import type { RtpRelay } from './rtp-relay.js';
import type { LeadLeg } from './sip-leg.js';

const queues = new WeakMap<RtpRelay, DtmfQueue>();

/** The far end's answer: RFC 4733 if it accepted `telephone-event/8000` (its payload type), and its keys reported. */
export function followLeadKeys(relay: RtpRelay, answerSdp: string, report: (key: string) => void): void {
  relay.telephoneEvent = telephoneEventOf(answerSdp);
  relay.onFarKey(report);
}

/** The agent's keys to the lead: RFC 4733 events in the lead's RTP when negotiated, SIP INFO otherwise. */
export function digitsToLead(relay: RtpRelay, leg: LeadLeg, digits: string): Promise<void> {
  let queue = queues.get(relay);
  if (!queue) queues.set(relay, (queue = new DtmfQueue()));
  return queue.push(() =>
    relay.telephoneEvent !== undefined
      ? sendEvents(
          digits,
          (payload, options) => relay.sendEventToLead(payload, options),
          () => relay.leadTimestampNow(),
        )
      : sendInfos(digits, (key, durationMs) => leg.info(key, durationMs)),
  );
}
