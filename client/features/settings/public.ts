// The settings feature's face: what other features may use (docs/client.md, "Feature faces").
export { wantsToast } from './preferences.js';
