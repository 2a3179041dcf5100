import type { Db } from 'mongodb';
import type { Feature } from '../feature.js';
import { ensureLeadImportIndexes } from './import-repository.js';
import { ensureLeadQuotaIndexes } from './quota-repository.js';
import { ensureLeadIndexes } from './repository.js';
import { leadRoutes } from './routes.js';

async function ensureIndexes(db: Db): Promise<void> {
  await ensureLeadIndexes(db);
  await ensureLeadImportIndexes(db);
  await ensureLeadQuotaIndexes(db);
}

export const leadsFeature: Feature = { name: 'leads', indexes: ensureIndexes, routes: leadRoutes };
