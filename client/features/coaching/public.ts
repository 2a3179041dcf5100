// The coaching feature's face: what other features may use (docs/client.md, "Feature faces").
export { CoachingAuditCard } from './CoachingAuditCard.js';
export { CoachingIndicator } from './CoachingIndicator.js';
export { CoachPanel } from './CoachPanel.js';
