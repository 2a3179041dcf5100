// The campaigns feature's face: what other features may use (docs/client.md, "Feature faces").
export { CampaignFacts } from './CampaignFacts.js';
export { announceComingSoon, clearActiveCampaign, selectCampaign } from './actions.js';
export { limitedBadge } from './limited.js';
export { ALL_CAMPAIGNS, useCampaignFilterOptions } from './useCampaignFilterOptions.js';
export { useCampaigns } from './useCampaigns.js';
