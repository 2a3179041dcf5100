// The face of the calls feature: the only module other features import (eslint.config.js enforces it).
export { mayHear as mayHearCall } from './service.js';
