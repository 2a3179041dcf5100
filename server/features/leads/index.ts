import type { Db } from 'mongodb';
import type { Feature } from '../feature.js';
import { Jobs, Queues } from '../../../shared/queues.js';
import { ensureLeadFlowIndexes } from './flow-counts.js';
import { LEAD_SWEEP_EVERY_MS, leadsProcessor } from './processor.js';
import { ensureLeadImportIndexes } from './import-repository.js';
import { ensureLeadQuotaIndexes } from './quota-repository.js';
import { ensureLeadIndexes } from './repository.js';
import { leadRoutes } from './routes.js';
import { leadsSeedStep } from './seed.js';

async function ensureIndexes(db: Db): Promise<void> {
  await ensureLeadIndexes(db);
  await ensureLeadImportIndexes(db);
  await ensureLeadQuotaIndexes(db);
  await ensureLeadFlowIndexes(db);
}

export const leadsFeature: Feature = {
  name: 'leads',
  indexes: ensureIndexes,
  routes: leadRoutes,
  seed: leadsSeedStep,
  workers: [{ queue: Queues.leads, concurrency: 4, processor: leadsProcessor }],
  schedules: [
    { queue: Queues.leads, id: 'leads-sweep', repeat: { every: LEAD_SWEEP_EVERY_MS }, job: Jobs.leads.sweep, data: {} },
  ],
  access: {
    'POST /api/campaigns/:id/leads/import': 'ownerOrAdmin',
    'GET /api/imports/:id': 'ownerOrAdmin',
    'GET /api/imports/:id/rejected.csv': 'ownerOrAdmin',
    'GET /api/leads': 'signedIn',
    'POST /api/leads/request': 'signedIn',
    'GET /api/leads/:id': 'signedIn',
    'PATCH /api/leads/:id': 'signedIn',
  },
};
