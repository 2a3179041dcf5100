import { SocketRequests, type CoachingAnswer } from '../../../shared/events.js';
import { MAX_COACH_SDP_LENGTH, MONITOR_MODES, type MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import { AppError } from '../../platform/errors.js';
import type { Platform } from '../../platform/context.js';
import type { SocketFeature } from '../../platform/sockets.js';
import { findSignedInUser, type UserDoc } from '../users/public.js';
import { changeMode, startListening, stopListening } from './service.js';

const isId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
/** An SDP offer within the HTTP body's bounds (shared/schemas/coaching/sessions.ts). */
const isOffer = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('v=0') && value.length >= 4 && value.length <= MAX_COACH_SDP_LENGTH;
const isMode = (value: unknown): value is MonitorMode => MONITOR_MODES.includes(value as MonitorMode);

/**
 * The coaching requests over the app's socket: the same service as the HTTP routes, so the same checks and the same
 * audit. The user is the socket's verified one (never a field of the request), read afresh for every request.
 */
export function coachingSocket(platform: Platform): SocketFeature {
  return (socket) => {
    // The socket's own user, still signed in with the session and role its token was issued for.
    const coachOf = async (): Promise<UserDoc | null> => {
      const data = socket.data;
      if (!(data.authExpiresAt > Date.now())) return null;
      const user = await findSignedInUser(platform.db, data.userId);
      return user && user.role === data.role && (user.sessionVersion ?? 0) === data.sessionVersion ? user : null;
    };
    const run = (ack: unknown, work: (coach: UserDoc) => Promise<CoachingAnswer>) => {
      const answer = (result: CoachingAnswer) => {
        if (typeof ack === 'function') (ack as (answer: CoachingAnswer) => void)(result);
      };
      void coachOf()
        .then((coach) => (coach ? work(coach) : { ok: false, error: 'Please sign in to continue.' }))
        .then(answer, (error) => {
          if (!(error instanceof AppError)) platform.log.warn({ err: error }, 'coaching request failed');
          answer({ ok: false, error: error instanceof AppError ? error.message : 'Something went wrong.' });
        });
    };
    socket.on(SocketRequests.coachingListen, (request: unknown, ack) => {
      const { agentId, sdp } = (request ?? {}) as Record<string, unknown>;
      if (!isId(agentId) || !(sdp === undefined || isOffer(sdp)))
        return run(ack, async () => ({ ok: false, error: 'Invalid request.' }));
      run(ack, async (coach) => ({
        ok: true,
        session: await startListening(platform, coach, { agentId, ...(sdp === undefined ? {} : { sdp }) }, 'socket'),
      }));
    });
    socket.on(SocketRequests.coachingMode, (request: unknown, ack) => {
      const { sessionId, mode } = (request ?? {}) as Record<string, unknown>;
      if (!isId(sessionId) || !isMode(mode)) return run(ack, async () => ({ ok: false, error: 'Invalid request.' }));
      run(ack, async (coach) => ({ ok: true, session: await changeMode(platform, coach, sessionId, mode, 'socket') }));
    });
    socket.on(SocketRequests.coachingLeave, (request: unknown, ack) => {
      const { sessionId } = (request ?? {}) as Record<string, unknown>;
      if (!isId(sessionId)) return run(ack, async () => ({ ok: false, error: 'Invalid request.' }));
      run(ack, async (coach) => {
        await stopListening(platform, coach, sessionId, 'socket');
        return { ok: true };
      });
    });
  };
}
