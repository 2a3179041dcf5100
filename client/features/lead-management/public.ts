// The lead-management feature's face: what other features may use (docs/client.md, "Feature faces").
export { LeadPanel } from './LeadPanel.js';
