// The theme feature's face: what other features may use (docs/client.md, "Feature faces").
export { applyStoredTheme, storedTheme } from './theme.js';
