import type { Feature } from './feature.js';
import { voiceNotesFeature } from './voice-notes/index.js';
import { materialsFeature } from './materials/index.js';
import { perksFeature } from './perks/index.js';
import { rebuttalsFeature } from './rebuttals/index.js';
import { scriptsFeature } from './scripts/index.js';
import { bonsaiFeature } from './bonsai/index.js';
import { commissionsFeature } from './commissions/index.js';
import { dealsFeature } from './deals/index.js';
import { invitationsFeature } from './invitations/index.js';
import { overviewFeature } from './overview/index.js';
import { teamFeature } from './team/index.js';
import { adminFeature } from './admin/index.js';
import { authFeature } from './auth/index.js';
import { callsFeature } from './calls/index.js';
import { campaignsFeature } from './campaigns/index.js';
import { clientsFeature } from './clients/index.js';
import { followUpsFeature } from './follow-ups/index.js';
import { communityFeature } from './community/index.js';
import { devFeature } from './dev/index.js';
import { dialerFeature } from './dialer/index.js';
import { emailFeature } from './email/index.js';
import { leadsFeature } from './leads/index.js';
import { meFeature } from './me/index.js';
import { notificationsFeature } from './notifications/index.js';
import { supportFeature } from './support/index.js';
import { systemFeature } from './system/index.js';
import { usersFeature } from './users/index.js';
import { waitlistFeature } from './waitlist/index.js';
import { leaderboardFeature } from './leaderboard/index.js';
import { insightsFeature } from './insights/index.js';
import { coachingFeature } from './coaching/index.js';

/** Every feature of the product, in the order their routes are registered. One line per feature. */
export const features: Feature[] = [
  usersFeature,
  emailFeature,
  systemFeature,
  campaignsFeature,
  leadsFeature,
  clientsFeature,
  followUpsFeature,
  waitlistFeature,
  authFeature,
  meFeature,
  devFeature,
  notificationsFeature,
  communityFeature,
  adminFeature,
  perksFeature,
  scriptsFeature,
  rebuttalsFeature,
  materialsFeature,
  voiceNotesFeature,
  dealsFeature,
  commissionsFeature,
  teamFeature,
  bonsaiFeature,
  invitationsFeature,
  overviewFeature,
  dialerFeature,
  coachingFeature,
  callsFeature,
  leaderboardFeature,
  supportFeature,
  insightsFeature,
];
