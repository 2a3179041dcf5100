import type { Feature } from '../feature.js';
import { ensureScriptIndexes } from './repository.js';
import { scriptRoutes } from './routes.js';

export const scriptsFeature: Feature = { name: 'scripts', indexes: ensureScriptIndexes, routes: scriptRoutes };
