import { Queues } from '../../../shared/queues.js';
import type { Feature } from '../feature.js';
import { emailProcessor } from './processor.js';
import { ensureEmailIndexes } from './sender.js';

export const emailFeature: Feature = {
  name: 'email',
  indexes: ensureEmailIndexes,
  workers: [{ queue: Queues.email, concurrency: 20, processor: emailProcessor }],
};
