// The earnings feature's face: what other features may use (docs/client.md, "Feature faces").
export { followEarnings, useEarnings } from './store.js';
