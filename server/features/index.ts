import type { Feature } from './feature.js';
import { authFeature } from './auth/index.js';
import { campaignsFeature } from './campaigns/index.js';
import { devFeature } from './dev/index.js';
import { emailFeature } from './email/index.js';
import { leadsFeature } from './leads/index.js';
import { meFeature } from './me/index.js';
import { notificationsFeature } from './notifications/index.js';
import { systemFeature } from './system/index.js';
import { usersFeature } from './users/index.js';
import { waitlistFeature } from './waitlist/index.js';

/** Every feature of the product, in the order their routes are registered. One line per feature. */
export const features: Feature[] = [usersFeature, emailFeature, systemFeature, campaignsFeature, leadsFeature, waitlistFeature, authFeature, meFeature, devFeature, notificationsFeature];
