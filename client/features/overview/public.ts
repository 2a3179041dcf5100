// The overview feature's face: what other features may use (docs/client.md, "Feature faces").
export { trialDaysLeft } from './trial.js';
