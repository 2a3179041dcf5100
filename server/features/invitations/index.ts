import type { Feature } from '../feature.js';
import { ensureInvitationIndexes } from './repository.js';
import { invitationRoutes } from './routes.js';

export const invitationsFeature: Feature = {
  name: 'invitations',
  indexes: ensureInvitationIndexes,
  routes: invitationRoutes,
  access: {
    'GET /api/referrals/:code': 'public',
    'POST /api/invitations': 'signedIn',
  },
};
