// The rebuttals feature's face: what other features may use (docs/client.md, "Feature faces").
export { HeardInCall } from './HeardInCall.js';
export { LiveRebuttals } from './LiveRebuttals.js';
export { ObjectionInsights } from './ObjectionInsights.js';
