import type { Feature } from '../feature.js';
import { meRoutes } from './routes.js';

export const meFeature: Feature = { name: 'me', routes: meRoutes };
