import type { Feature } from '../feature.js';
import { acceptCampaignSlugs } from './campaign-ref.js';
import { ensureCampaignIndexes } from './repository.js';
import { campaignRoutes } from './routes.js';
import { campaignsSeedStep } from './seed.js';

export const campaignsFeature: Feature = {
  name: 'campaigns',
  indexes: ensureCampaignIndexes,
  routes: campaignRoutes,
  apiHooks: acceptCampaignSlugs,
  seed: campaignsSeedStep,
  access: {
    'GET /api/campaigns': 'public',
    'GET /api/campaigns/:id': 'public',
    'POST /api/campaigns': 'ownerOrAdmin',
    'PATCH /api/campaigns/:id': 'ownerOrAdmin',
    'POST /api/campaigns/:id/join': 'signedIn',
    'DELETE /api/campaigns/:id/join': 'signedIn',
    'PUT /api/me/active-campaign': 'signedIn',
  },
};
