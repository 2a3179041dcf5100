import type { Feature } from '../feature.js';
import { ensureUserIndexes } from './repository.js';

export const usersFeature: Feature = { name: 'users', indexes: ensureUserIndexes };
