// The face of the commissions feature: the only module other features import (eslint.config.js enforces it).
export { enqueueDealCancelled, enqueueDealClosed } from './jobs.js';
export { OVERRIDE_LEVELS, dollarsToCents, earningWindows, formatCents, summarizeEarnings } from './math.js';
export { earningsBySource, ledgerAmounts, linesOfDeal, readOnlyLedger } from './repository.js';
export { projectedEarnings, recordDealCommissions, runPayouts } from './service.js';
