// The face of the leads feature: the only module other features import (eslint.config.js enforces it).
export { emitLeadUpdated } from './events.js';
export { assigneeNames, campaignInfos, toLeadItem, type CampaignInfo } from './present.js';
export { findLatestLeadByPhone, findLeadById, insertLeads, leadsCollection, listLeadFollowUps, listLeads, updateLead, type LeadDoc } from './repository.js';
export { inScope, leadScopeFor, updateLeadFor } from './service.js';
export { callingTimeZone, canonicalTimeZone, timeZoneOfPhone } from './time-zone.js';
