// The plans feature's face: what other features may use (docs/client.md, "Feature faces").
export { PLANS } from './plans.js';
