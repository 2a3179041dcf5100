// The notifications feature's face: what other features may use (docs/client.md, "Feature faces").
export { followNotifications, markNotificationsRead, useNotifications } from './store.js';
