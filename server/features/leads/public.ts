// The face of the leads feature: the only module other features import (eslint.config.js enforces it).
export { emitLeadUpdated } from './events.js';
export { assigneeNames, toLeadItem } from './present.js';
export {
  countAssignedLeads,
  findLatestLeadByPhone,
  findLeadByCampaignEmail,
  findLeadById,
  insertLeads,
  leadFunnelByCampaign,
  listLeadFollowUps,
  listLeads,
  searchLeads,
  updateLead,
  type LeadDoc,
} from './repository.js';
export { leadFlowCounters, leadFlowOn, leadFlowTotals, rebuildLeadFlow } from './flow-counts.js';
export { openLeadCounters, openLeadsOf, rebuildOpenLeadCounts } from './open-counts.js';
export { updateLeadFor } from './service.js';
export { callingTimeZone, timeZoneOfPhone } from './time-zone.js';
