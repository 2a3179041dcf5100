import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CampaignDetail, CampaignParams } from '../../../shared/schemas/campaigns/detail.js';
import { CampaignJoinResponse } from '../../../shared/schemas/campaigns/join.js';
import { CampaignList, CampaignListQuery } from '../../../shared/schemas/campaigns/list.js';
import { CampaignCreateBody, CampaignUpdateBody } from '../../../shared/schemas/campaigns/save.js';
import { ActiveCampaignBody, ActiveCampaignResponse } from '../../../shared/schemas/campaigns/select.js';
import { userFromToken } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { unauthenticated } from '../../platform/errors.js';
import { perIpLimit } from '../../platform/rate-limits.js';
import type { UserDoc } from '../users/public.js';
import {
  campaignDetail,
  campaignsFor,
  createCampaign,
  editCampaign,
  joinCampaign,
  leaveCampaign,
  selectActiveCampaign,
} from './service.js';

export function campaignRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // The directory is public (landing page); a bearer token, when sent, must be good so `joined` is right.
  const maybeSignedIn = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) return;
    const user = await userFromToken(app, platform.db, header.startsWith('Bearer ') ? header.slice(7) : undefined);
    if (!user) throw unauthenticated();
    request.currentUser = user;
  };
  const viewerOf = (request: FastifyRequest): UserDoc | null => request.currentUser ?? null;

  api.get(
    '/campaigns',
    {
      preHandler: maybeSignedIn,
      config: { rateLimit: perIpLimit(120, 60) },
      schema: { querystring: CampaignListQuery, response: { 200: CampaignList } },
    },
    async (request) => campaignsFor(platform, viewerOf(request), request.query),
  );

  api.get(
    '/campaigns/:id',
    {
      preHandler: maybeSignedIn,
      config: { rateLimit: perIpLimit(120, 60) },
      schema: { params: CampaignParams, response: { 200: CampaignDetail } },
    },
    async (request) => campaignDetail(platform, viewerOf(request), request.params.id),
  );

  api.post(
    '/campaigns',
    { schema: { body: CampaignCreateBody, response: { 201: CampaignDetail } } },
    async (request, reply) => reply.status(201).send(await createCampaign(platform, request.currentUser, request.body)),
  );

  api.patch(
    '/campaigns/:id',
    { schema: { params: CampaignParams, body: CampaignUpdateBody, response: { 200: CampaignDetail } } },
    async (request) => editCampaign(platform, request.currentUser, request.params.id, request.body),
  );

  api.post(
    '/campaigns/:id/join',
    { schema: { params: CampaignParams, response: { 200: CampaignJoinResponse } } },
    async (request) => joinCampaign(platform, request.currentUser, request.params.id),
  );

  api.delete(
    '/campaigns/:id/join',
    { schema: { params: CampaignParams, response: { 200: CampaignJoinResponse } } },
    async (request) => leaveCampaign(platform, request.currentUser, request.params.id),
  );

  api.put(
    '/me/active-campaign',
    { schema: { body: ActiveCampaignBody, response: { 200: ActiveCampaignResponse } } },
    async (request) => selectActiveCampaign(platform, request.currentUser, request.body.campaignId),
  );
}
