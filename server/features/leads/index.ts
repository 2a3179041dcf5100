import type { Feature } from '../feature.js';
import { ensureLeadIndexes } from './repository.js';

export const leadsFeature: Feature = { name: 'leads', indexes: ensureLeadIndexes };
