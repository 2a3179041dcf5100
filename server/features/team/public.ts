// The face of the team feature: the only module other features import (eslint.config.js enforces it).
export { agentsOnCall } from './repository.js';
export { emitTeamActivity, onRecruitJoined } from './service.js';
// The upline tree is read in users; these callers still reach it through team's face.
export { downlineOf, uplinesOf } from '../users/public.js';
