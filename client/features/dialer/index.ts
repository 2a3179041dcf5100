/**
 * The dialer for other screens (e.g. Lead Management: `lazy(() => import('../dialer/index.js').then((m) => ({ default: m.DialerPanel })))`).
 * `dialNumber(phone, leadId?, name?)` fills the panel's number field.
 */
export { DialerPanel } from './DialerPanel.js';
export { dialNumber } from './store.js';
