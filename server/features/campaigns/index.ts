import type { Feature } from '../feature.js';
import { ensureCampaignIndexes } from './repository.js';

export const campaignsFeature: Feature = { name: 'campaigns', indexes: ensureCampaignIndexes };
