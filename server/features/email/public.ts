// The face of the email feature: the only module other features import (eslint.config.js enforces it).
export { enqueueEmail } from './enqueue.js';
