// The community feature's face: what other features may use (docs/client.md, "Feature faces").
export { ShareClosedLeadWin, ShareWinButton, rememberClosedDeal } from './ShareWinButton.js';
