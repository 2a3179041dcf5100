import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Static, TObject } from 'typebox';
import { AutoDialBody } from '../../../shared/schemas/dialer/auto-dial.js';
import {
  CallDigitsBody,
  CallIdParams,
  CallNotesBody,
  HoldCallBody,
  CallView,
  MuteCallBody,
  StartCallBody,
} from '../../../shared/schemas/dialer/call.js';
import { DncAdded, DncBody, DncList, DncListQuery } from '../../../shared/schemas/dialer/dnc.js';
import { QueueBody, QueueView } from '../../../shared/schemas/dialer/queue.js';
import { AutoDialAnswer, ConnectAnswer, DialerState } from '../../../shared/schemas/dialer/state.js';
import type { Platform } from '../../platform/context.js';
import type { UserDoc } from '../users/public.js';
import { connectPhone, dialerState, endCall, muteCall, saveNotes, startCallByHand } from './calls-service.js';
import { transferRoutes } from './transfer-routes.js';
import { inboundRoutes } from './inbound-routes.js';
import { holdCall, sendCallDigits } from './call-controls-service.js';
import { addDoNotCall, listDoNotCall, markCallDoNotCall, queueOf, replaceQueue, setAutoDial } from './queue-service.js';

export function dialerRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Tests only (DIALER_ANSWER_DELAY_MS): the answer leaves after the call's pushed state, as over a slow network.
  const late = async <T>(answer: T): Promise<T> => {
    if (platform.config.dialerAnswerDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, platform.config.dialerAnswerDelayMs));
    return answer;
  };
  // Call control is never shed under load (server/platform/load-shedding.ts): a call that cannot be placed, muted or
  // ended is a lead lost or a customer left on the line. Signalling goes over the socket, outside /api.
  const callControl = { neverShed: true };

  api.get('/dialer/state', { schema: { response: { 200: DialerState } } }, async (request) =>
    dialerState(platform, request.currentUser, request.currentSession),
  );

  api.post(
    '/dialer/connect',
    { config: callControl, schema: { response: { 200: ConnectAnswer } } },
    async (request) => ({
      phone: await connectPhone(platform, request.currentUser._id),
    }),
  );

  api.post(
    '/dialer/calls',
    { config: callControl, schema: { body: StartCallBody, response: { 201: CallView } } },
    async (request, reply) =>
      reply.status(201).send(await startCallByHand(platform, request.currentUser, request.body)),
  );

  api.post(
    '/dialer/calls/:id/end',
    { config: callControl, schema: { params: CallIdParams, response: { 200: CallView } } },
    async (request) => late(await endCall(platform, request.currentUser, request.params.id)),
  );

  // Mute and hold switch one side of the agent's own call; the answer (202) is the call as switched.
  const callSwitchRoute = <Body extends TObject>(
    path: '/dialer/calls/:id/mute' | '/dialer/calls/:id/hold',
    body: Body,
    turn: (agent: UserDoc, callId: string, body: Static<Body>) => Promise<CallView>,
  ) =>
    api.post(
      path,
      { config: callControl, schema: { params: CallIdParams, body, response: { 202: CallView } } },
      async (request, reply) => {
        // Validated against `body`; the type provider cannot resolve its type while `Body` is generic.
        const switched = await turn(request.currentUser, request.params.id, request.body as Static<Body>);
        return reply.status(202).send(await late(switched));
      },
    );

  callSwitchRoute('/dialer/calls/:id/mute', MuteCallBody, (agent, callId, body) =>
    muteCall(platform, agent, callId, body.muted),
  );

  callSwitchRoute('/dialer/calls/:id/hold', HoldCallBody, (agent, callId, body) =>
    holdCall(platform, agent, callId, body.held),
  );

  api.post(
    '/dialer/calls/:id/digits',
    { config: callControl, schema: { params: CallIdParams, body: CallDigitsBody, response: { 200: CallView } } },
    async (request) => sendCallDigits(platform, request.currentUser, request.params.id, request.body.digits),
  );

  api.patch(
    '/dialer/calls/:id',
    { schema: { params: CallIdParams, body: CallNotesBody, response: { 200: CallView } } },
    async (request) => saveNotes(platform, request.currentUser, request.params.id, request.body.notes),
  );

  api.post(
    '/dialer/calls/:id/dnc',
    { schema: { params: CallIdParams, response: { 201: DncAdded } } },
    async (request, reply) =>
      reply.status(201).send(await markCallDoNotCall(platform, request.currentUser, request.params.id)),
  );

  api.get('/dialer/queue', { schema: { response: { 200: QueueView } } }, async (request) =>
    queueOf(platform, request.currentUser._id),
  );

  api.put('/dialer/queue', { schema: { body: QueueBody, response: { 200: QueueView } } }, async (request) =>
    replaceQueue(platform, request.currentUser, request.body),
  );

  api.put('/dialer/auto-dial', { schema: { body: AutoDialBody, response: { 200: AutoDialAnswer } } }, async (request) =>
    setAutoDial(platform, request.currentUser, request.body.enabled),
  );

  api.get('/dialer/dnc', { schema: { querystring: DncListQuery, response: { 200: DncList } } }, async (request) =>
    listDoNotCall(platform, request.currentUser, request.query.campaignId),
  );

  api.post('/dialer/dnc', { schema: { body: DncBody, response: { 201: DncAdded } } }, async (request, reply) =>
    reply.status(201).send(await addDoNotCall(platform, request.currentUser, request.body)),
  );

  transferRoutes(app, platform);
  inboundRoutes(app, platform);
}
