// The face of the waitlist feature: the only module other features import (eslint.config.js enforces it).
export { waitlistCollection, type WaitlistEntryDoc } from './repository.js';
export { waitlistPerksFor } from './service.js';
