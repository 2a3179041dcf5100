import type { Feature } from './feature.js';
import { emailFeature } from './email/index.js';
import { systemFeature } from './system/index.js';
import { usersFeature } from './users/index.js';

/** Every feature of the product, in the order their routes are registered. One line per feature. */
export const features: Feature[] = [usersFeature, emailFeature, systemFeature];
