// The face of the admin feature: the only module other features import (eslint.config.js enforces it).
export { announceRoleRequest } from './service.js';
