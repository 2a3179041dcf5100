// The face of the deals feature: the only module other features import (eslint.config.js enforces it).
export {
  averageDealValues,
  dealValueOf,
  findDealById,
  findStandingDealOfLead,
  dealStatsCounters,
  readOnlyDeals,
  rebuildDealStats,
  standingDealsOf,
} from './repository.js';
