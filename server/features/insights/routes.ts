import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CallsInsights, EarningsInsights, FunnelInsights } from '../../../shared/schemas/insights/agent.js';
import { CampaignInsights } from '../../../shared/schemas/insights/campaigns.js';
import { InsightsQuery, insightMessages } from '../../../shared/schemas/insights/query.js';
import { TeamInsights } from '../../../shared/schemas/insights/team.js';
import type { Platform } from '../../platform/context.js';
import { callsInsights, campaignInsights, earningsInsights, funnelInsights, teamInsights } from './service.js';

export function insightsRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/insights/earnings',
    { schema: { querystring: InsightsQuery, response: { 200: EarningsInsights } } },
    async (request) => earningsInsights(platform, request.currentUser, request.query),
  );
  api.get(
    '/insights/calls',
    { schema: { querystring: InsightsQuery, response: { 200: CallsInsights } } },
    async (request) => callsInsights(platform, request.currentUser, request.query),
  );
  api.get(
    '/insights/funnel',
    { schema: { querystring: InsightsQuery, response: { 200: FunnelInsights } } },
    async (request) => funnelInsights(platform, request.currentUser, request.query),
  );
  api.get(
    '/insights/team',
    { schema: { querystring: InsightsQuery, response: { 200: TeamInsights } } },
    async (request) => teamInsights(platform, request.currentUser, request.query),
  );
  api.get(
    '/insights/campaigns',
    {
      config: { refusal: insightMessages.ownersOnly },
      schema: { querystring: InsightsQuery, response: { 200: CampaignInsights } },
    },
    async (request) => campaignInsights(platform, request.currentUser, request.query),
  );
}
