import type { Feature } from '../feature.js';
import { ensureCoachingIndexes } from './repository.js';
import { coachingRoutes } from './routes.js';
import { endSessionsOfCall } from './service.js';
import { coachingSocket } from './socket.js';

/** Provider events after which a call has no audio left for a coach. */
const CALL_OVER = new Set(['hangup', 'dropped', 'end-complete', 'no-answer', 'failed']);

/**
 * Team leads (levels 1-3 above the agent), campaign owners and admins listening to, whispering into and barging into
 * an agent's live call (issue 30; docs/telephony.md, "Listen, whisper, barge"; docs/security.md).
 */
export const coachingFeature: Feature = {
  name: 'coaching',
  indexes: ensureCoachingIndexes,
  routes: coachingRoutes,
  socket: coachingSocket,
  // The process holding a call hears its end: its coaches' sessions close with it.
  start: (platform) =>
    platform.phone.events.subscribe(async (event) => {
      if ('callId' in event && CALL_OVER.has(event.type))
        await endSessionsOfCall(platform, event.callId).catch((error) =>
          platform.log.warn({ err: error, callId: event.callId }, 'coaching sessions not closed with their call'),
        );
    }),
  access: {
    'GET /api/coaching/calls': 'signedIn',
    'POST /api/coaching/sessions': 'signedIn',
    'PUT /api/coaching/sessions/:id': 'signedIn',
    'DELETE /api/coaching/sessions/:id': 'signedIn',
    'GET /api/coaching/mine': 'signedIn',
    'GET /api/coaching/audit': 'ownerOrAdmin',
  },
};
