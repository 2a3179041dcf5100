// The face of the campaigns feature: the only module other features import (eslint.config.js enforces it).
export { campaignInfos, type CampaignInfo } from './campaign-infos.js';
export { inScope, leadScopeFor, type LeadScope } from './lead-scope.js';
export { TEST_CALLS_SLUG } from './seed.js';
export {
  campaignIdsOfMember,
  campaignNames,
  findCampaignById,
  findCampaignByIdOrSlug,
  findCampaignBySlug,
  findCampaignsByIds,
  isMember,
  listCampaignIdleWindows,
  listCampaignIdsOwnedBy,
  listMemberUserIds,
  membersOf,
  searchCampaigns,
  type CampaignDoc,
} from './repository.js';
