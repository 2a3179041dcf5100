// The face of the team feature: the only module other features import (eslint.config.js enforces it).
export { agentsOnCall } from './repository.js';
export { emitTeamActivity, onRecruitJoined } from './service.js';
