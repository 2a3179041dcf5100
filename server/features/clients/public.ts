// The face of the clients feature: the only module other features import (eslint.config.js enforces it).
export { syncClientWithLead } from './lead-sync.js';
export { listClientFollowUps } from './repository.js';
