// The leads feature's face: what other features may use (docs/client.md, "Feature faces").
export { STAGE_TONES, detailLabel, detailValue, formatPhone } from './labels.js';
export {
  closeLeadDetail,
  followLeads,
  openLeadDetail,
  reloadLeadList,
  showLeadList,
  showMoreLeads,
  updateLead,
  useLeads,
} from './store.js';
