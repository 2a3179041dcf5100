// The dialer feature's face: what other features may use (docs/client.md, "Feature faces").
export { DialerPanel } from './DialerPanel.js';
export { dialNumber, dialerStore } from './store.js';
