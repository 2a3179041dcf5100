// The face of the deals feature: the only module other features import (eslint.config.js enforces it).
export { averageDealValues, dealValueOf, dealsCollection, findDealById, findLeadByCampaignEmail, findStandingDealOfLead, dealStatsCounters, rebuildDealStats, standingDealsOf } from './repository.js';
