// The face of the auth feature: the only module other features import (eslint.config.js enforces it).
export { hashPassword, verifyPassword } from './passwords.js';
export { setRefreshCookie } from './routes.js';
export { endAllSessions, startSession } from './sessions.js';
export { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor } from './two-factor.js';
