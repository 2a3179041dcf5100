import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CallIdParams } from '../../../shared/schemas/dialer/call.js';
import {
  AvailableClosers,
  OfferTransferBody,
  TransferIdParams,
  TransferView,
} from '../../../shared/schemas/dialer/transfer.js';
import { DeskTransferBody, DeskTransferView } from '../../../shared/schemas/dialer/desk-transfer.js';
import type { Platform } from '../../platform/context.js';
import { completeDeskTransfer, transferToDesk } from './desk-transfer-service.js';
import {
  acceptTransfer,
  availableClosers,
  completeTransfer,
  declineTransfer,
  offerTransfer,
} from './transfer-service.js';

/** Live transfers (docs/telephony.md, "Transfers"): call control, so never shed under load. */
export function transferRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const callControl = { neverShed: true };

  api.get(
    '/dialer/calls/:id/transfer/closers',
    { schema: { params: CallIdParams, response: { 200: AvailableClosers } } },
    async (request) => availableClosers(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/calls/:id/transfer',
    { config: callControl, schema: { params: CallIdParams, body: OfferTransferBody, response: { 201: TransferView } } },
    async (request, reply) =>
      reply.status(201).send(await offerTransfer(platform, request.currentUser, request.params.id, request.body)),
  );

  api.post(
    '/dialer/calls/:id/transfer/desk',
    {
      config: callControl,
      schema: { params: CallIdParams, body: DeskTransferBody, response: { 200: DeskTransferView } },
    },
    async (request) => transferToDesk(platform, request.currentUser, request.params.id, request.body),
  );

  api.post(
    '/dialer/calls/:id/transfer/desk/complete',
    { config: callControl, schema: { params: CallIdParams, response: { 200: DeskTransferView } } },
    async (request) => completeDeskTransfer(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/transfers/:id/accept',
    { config: callControl, schema: { params: TransferIdParams, response: { 200: TransferView } } },
    async (request) => acceptTransfer(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/transfers/:id/decline',
    { config: callControl, schema: { params: TransferIdParams, response: { 200: TransferView } } },
    async (request) => declineTransfer(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/dialer/transfers/:id/complete',
    { config: callControl, schema: { params: TransferIdParams, response: { 200: TransferView } } },
    async (request) => completeTransfer(platform, request.currentUser, request.params.id),
  );
}
