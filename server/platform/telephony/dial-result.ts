import type { DialResult, SipCause } from '../../../shared/schemas/dialer/dial-result.js';

/** How an unanswered SIP call ended: the final response, or our own ring timeout (which CANCELs the INVITE). */
export interface UnansweredEnd {
  code?: number;
  reason?: string;
  /** Nobody answered within the ring timeout. */
  timedOut?: boolean;
}

const BUSY = new Set([486, 600]);
const DECLINED = new Set([603, 607]);
/** The number does not exist or cannot be reached as dialed. */
const NOT_IN_SERVICE = new Set([404, 410, 484, 485, 604]);
/** Rang without an answer: a timeout at the far end (408, 480) or the ringing cancelled (487). */
const NO_ANSWER = new Set([408, 480, 487]);

/**
 * Tells an unanswered call's end apart, for every provider (the SIP plugin's hangup, the server's own SIP leg, the
 * simulator imitating a carrier): RFC 3261 section 21 and RFC 8197 (607) grouped by what the agent can do next.
 */
export function dialResultOf(end: UnansweredEnd): { result: DialResult; cause?: SipCause } {
  const cause =
    end.code !== undefined && end.code >= 100 && end.code <= 699
      ? { code: end.code, reason: (end.reason ?? '').slice(0, 120) }
      : undefined;
  const withCause = (result: DialResult) => (cause ? { result, cause } : { result });
  if (end.timedOut) return withCause('no-answer');
  if (end.code === undefined) return { result: 'failed' };
  if (BUSY.has(end.code)) return withCause('busy');
  if (DECLINED.has(end.code)) return withCause('declined');
  if (NOT_IN_SERVICE.has(end.code)) return withCause('not-in-service');
  if (NO_ANSWER.has(end.code)) return withCause('no-answer');
  return withCause('failed');
}
