// The face of the waitlist feature: the only module other features import (eslint.config.js enforces it).
export {
  countWaitlist,
  findWaitlistEntry,
  listWaitlist,
  markWaitlistGranted,
  setWaitlistProcessed,
  streamWaitlist,
  type WaitlistEntryDoc,
  type WaitlistFilter,
} from './repository.js';
export { waitlistPerksFor } from './service.js';
