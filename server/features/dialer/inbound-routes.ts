import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CampaignIdParams,
  CampaignInboundNumber,
  InboundCallView,
  InboundIdParams,
  SimulateInboundAnswer,
  SimulateInboundBody,
} from '../../../shared/schemas/dialer/inbound.js';
import type { Platform } from '../../platform/context.js';
import { answerInbound, campaignInboundNumber, declineInbound } from './inbound-service.js';

/** Leads calling in (docs/telephony.md, "Lead calls back"): answering is call control, so never shed under load. */
export function inboundRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const callControl = { neverShed: true };

  api.get(
    '/dialer/campaigns/:id/inbound-number',
    { schema: { params: CampaignIdParams, response: { 200: CampaignInboundNumber } } },
    async (request) => campaignInboundNumber(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/inbound/:id/answer',
    { config: callControl, schema: { params: InboundIdParams, response: { 200: InboundCallView } } },
    async (request) => answerInbound(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/inbound/:id/decline',
    { config: callControl, schema: { params: InboundIdParams, response: { 200: InboundCallView } } },
    async (request) => declineInbound(platform, request.currentUser, request.params.id),
  );

  // The simulator's lead phone calling in (`npm start`, `npm run inbound-call`): a developer aid, never in production.
  const simulate = platform.phone.inbound?.simulate?.bind(platform.phone.inbound);
  if (platform.config.env === 'production' || !simulate) return;
  api.post(
    '/dev/inbound-call',
    { schema: { body: SimulateInboundBody, response: { 202: SimulateInboundAnswer } } },
    async (request, reply) => {
      const digits = (number: string) => number.replace(/\D/g, '').slice(-10);
      const inboundId = simulate({ from: digits(request.body.from), to: digits(request.body.to) });
      return reply.status(202).send({ inboundId });
    },
  );
}
