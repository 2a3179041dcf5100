// The face of the insights feature: the only module other features import (eslint.config.js enforces it).
export { resolveRange } from './period.js';
