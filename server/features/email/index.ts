import type { Feature } from '../feature.js';
import { ensureEmailIndexes } from './sender.js';

export const emailFeature: Feature = { name: 'email', indexes: ensureEmailIndexes };
