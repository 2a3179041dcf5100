// The auth feature's face: what other features may use (docs/client.md, "Feature faces").
export { PasswordStrengthHint } from './PasswordStrengthHint.js';
