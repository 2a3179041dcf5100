import type { Feature } from '../feature.js';
import { ensureCampaignIndexes } from './repository.js';
import { campaignRoutes } from './routes.js';

export const campaignsFeature: Feature = { name: 'campaigns', indexes: ensureCampaignIndexes, routes: campaignRoutes };
