// The session feature's face: what other features may use (docs/client.md, "Feature faces").
export { useDashboardAccess } from './access.js';
export { adoptSession, replaceUser, signOut, signOutEverywhere } from './actions.js';
export { session, useSession } from './store.js';
export { followRoleDecisions } from './role-decisions.js';
