import {
  SocketRequests,
  type PhoneCandidatePayload,
  type PhoneOffer,
  type PhoneOfferAnswer,
  type PhoneRestartAnswer,
} from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';
import type { SocketFeature } from '../../platform/sockets.js';
import type { MediaCandidate } from '../../platform/telephony/phone-provider.js';
import { claimPhoneNode } from './phone-node-claim.js';

/** An SDP offer of one audio line is a few kB; this bounds what a socket may make the server hold. */
const MAX_SDP_LENGTH = 20_000;
const MAX_CANDIDATE_LENGTH = 1_000;

const isOfferId = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{1,64}$/.test(value);

/** A call's offer (`phone:offer`) or its ICE-restart offer (`phone:restart`), as a client sent it. */
function offerOf(value: unknown): PhoneOffer | undefined {
  const { offerId, sdp } = (value ?? {}) as Record<string, unknown>;
  if (!isOfferId(offerId) || typeof sdp !== 'string' || !sdp.startsWith('v=0') || sdp.length > MAX_SDP_LENGTH)
    return undefined;
  return { offerId, sdp };
}

function candidateOf(value: unknown): MediaCandidate | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const { candidate, sdpMid, sdpMLineIndex } = value as Record<string, unknown>;
  if (typeof candidate !== 'string' || candidate.length > MAX_CANDIDATE_LENGTH) return undefined;
  return {
    candidate,
    sdpMid: typeof sdpMid === 'string' ? sdpMid.slice(0, 32) : null,
    sdpMLineIndex: typeof sdpMLineIndex === 'number' && Number.isInteger(sdpMLineIndex) ? sdpMLineIndex : null,
  };
}

/**
 * The agent's WebRTC signalling over the app's socket, when the provider carries audio from the browser (sip).
 * An offer is only kept for the agent's next call: the call itself is started, and checked, by `POST /api/dialer/calls`.
 */
export function dialerSignalling(platform: Platform): SocketFeature {
  return (socket) => {
    const media = platform.phone.media;
    if (!media) return;
    const agentId = socket.data.userId;
    // Typed by ClientToServerEvents, but sent by a client: every field is checked before use.
    socket.on(SocketRequests.phoneOffer, (offer: unknown, ack) => {
      const answer = (result: PhoneOfferAnswer) => {
        if (typeof ack === 'function') ack(result);
      };
      const checked = offerOf(offer);
      if (!checked) return answer({ ok: false, error: 'Invalid offer.' });
      media.offer(agentId, checked).then(
        () => {
          answer({ ok: true });
          void claimPhoneNode(platform, agentId).catch((error) =>
            platform.log.warn({ err: error, agentId }, 'phone node not moved to this process'),
          );
        },
        (error) => {
          platform.log.warn({ err: error, agentId }, 'WebRTC offer not taken');
          answer({ ok: false, error: 'The phone gateway is not reachable.' });
        },
      );
    });
    socket.on(SocketRequests.phoneRestart, (offer: unknown, ack) => {
      const answer = (result: PhoneRestartAnswer) => {
        if (typeof ack === 'function') ack(result);
      };
      const checked = offerOf(offer);
      if (!checked) return answer({ ok: false, error: 'Invalid offer.' });
      media.restart(agentId, checked).then(
        (answerSdp) => answer({ ok: true, sdp: answerSdp }),
        (error) => {
          platform.log.warn({ err: error, agentId }, 'ICE restart not done');
          answer({ ok: false, error: 'The connection could not be restarted.' });
        },
      );
    });
    socket.on(SocketRequests.phoneCandidate, (payload: unknown) => {
      const { offerId, candidate } = (payload ?? {}) as Partial<PhoneCandidatePayload>;
      const checked = candidateOf(candidate);
      if (!isOfferId(offerId) || checked === undefined) return;
      media
        .candidate(agentId, offerId, checked)
        .catch((error) => platform.log.warn({ err: error, agentId }, 'ICE candidate not passed on'));
    });
  };
}
