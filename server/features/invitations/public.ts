// The face of the invitations feature: the only module other features import (eslint.config.js enforces it).
export { markInvitationsAccepted } from './repository.js';
export { referralLink } from './service.js';
