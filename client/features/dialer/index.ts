/**
 * The dialer for other screens (e.g. Lead Management: `lazy(() => import('../dialer/index.js').then((m) => ({ default: m.DialerPanel })))`).
 * `dialNumber(phone, leadId?, name?)` fills the panel's number field; `queueContact` adds to the call queue.
 */
export { DialerPanel, type CallResult, type DialerPanelProps } from './DialerPanel.js';
export { dialerStore, dialNumber, useDialer } from './store.js';
export { queueContact, startCall } from './actions.js';
