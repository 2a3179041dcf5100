import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AdminPayoutList, AdminPayoutsQuery } from '../../../shared/schemas/commissions/admin-payouts.js';
import { Earnings, EarningsQuery } from '../../../shared/schemas/commissions/earnings.js';
import { PayoutsQuery, PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { PayoutRunResponse } from '../../../shared/schemas/commissions/payout-run.js';
import type { Platform } from '../../platform/context.js';
import { adminPayouts } from './admin-payouts.js';
import { earningsOf, payoutsOf, runPayouts } from './service.js';

export function commissionRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/payouts', { schema: { querystring: PayoutsQuery, response: { 200: PayoutsResponse } } }, async (request) =>
    payoutsOf(platform, request.currentUser, request.query),
  );

  api.get('/earnings', { schema: { querystring: EarningsQuery, response: { 200: Earnings } } }, async (request) =>
    earningsOf(platform, request.currentUser, request.query),
  );

  api.post('/admin/payouts/run', { schema: { response: { 200: PayoutRunResponse } } }, async (request) =>
    runPayouts(platform, request.currentUser),
  );

  api.get(
    '/admin/payouts',
    { schema: { querystring: AdminPayoutsQuery, response: { 200: AdminPayoutList } } },
    async (request) => adminPayouts(platform, request.query),
  );
}
