import type { Feature } from '../feature.js';
import { Jobs, Queues } from '../../../shared/queues.js';
import { callsProcessor } from './processor.js';
import { CALL_STEPS_AT_ONCE } from './phone-node-steps.js';
import { ensureDialerIndexes } from './repository.js';
import { ensureTransferIndexes } from './transfer-repository.js';
import { ensureInboundIndexes } from './inbound-repository.js';
import { dialerRoutes } from './routes.js';
import { callQualityReports } from './quality.js';
import { callsSeedStep } from './seed.js';
import { dialerSignalling } from './signalling.js';
import { startDialer } from './start.js';
import { SWEEP_EVERY_MS } from './orphaned-calls.js';

export const dialerFeature: Feature = {
  name: 'dialer',
  indexes: async (db) => {
    await ensureDialerIndexes(db);
    await ensureTransferIndexes(db);
    await ensureInboundIndexes(db);
  },
  routes: dialerRoutes,
  seed: callsSeedStep,
  socket: (platform) => {
    const signalling = dialerSignalling(platform);
    const quality = callQualityReports(platform);
    return (socket) => {
      void signalling(socket);
      void quality(socket);
    };
  },
  workers: [{ queue: Queues.calls, concurrency: CALL_STEPS_AT_ONCE, processor: callsProcessor }],
  // Only with a provider whose calls live in one process (`sip`): it ends the calls of a process that died.
  schedules: [
    {
      queue: Queues.calls,
      id: 'calls-orphan-sweep',
      repeat: { every: SWEEP_EVERY_MS },
      job: Jobs.calls.orphanSweep,
      data: {},
      when: (platform) => Boolean(platform.phone.sessionNode),
    },
  ],
  start: startDialer,
  access: {
    'GET /api/dialer/state': 'signedIn',
    'POST /api/dialer/connect': 'signedIn',
    'POST /api/dialer/calls': 'signedIn',
    'POST /api/dialer/calls/:id/end': 'signedIn',
    'POST /api/dialer/calls/:id/mute': 'signedIn',
    'POST /api/dialer/calls/:id/hold': 'signedIn',
    'POST /api/dialer/calls/:id/digits': 'signedIn',
    'PATCH /api/dialer/calls/:id': 'signedIn',
    'POST /api/dialer/calls/:id/dnc': 'signedIn',
    'GET /api/dialer/queue': 'signedIn',
    'PUT /api/dialer/queue': 'signedIn',
    'PUT /api/dialer/auto-dial': 'signedIn',
    'GET /api/dialer/dnc': 'ownerOrAdmin',
    'POST /api/dialer/dnc': 'ownerOrAdmin',
    // Who may offer, answer or complete a transfer is the service's decision (the call's agent, the closer offered).
    'GET /api/dialer/calls/:id/transfer/closers': 'signedIn',
    'POST /api/dialer/calls/:id/transfer': 'signedIn',
    // Only the call's agent, only to a desk the campaign's owner configured (desk-transfer-service.ts).
    'POST /api/dialer/calls/:id/transfer/desk': 'signedIn',
    'POST /api/dialer/calls/:id/transfer/desk/complete': 'signedIn',
    'POST /api/dialer/transfers/:id/accept': 'signedIn',
    'POST /api/dialer/transfers/:id/decline': 'signedIn',
    'POST /api/dialer/transfers/:id/complete': 'signedIn',
    // The service decides: the campaign's owner or an admin sees its number; only an agent it rings answers a caller.
    'GET /api/dialer/campaigns/:id/inbound-number': 'signedIn',
    'POST /api/dialer/inbound/:id/answer': 'signedIn',
    'POST /api/dialer/inbound/:id/decline': 'signedIn',
    'POST /api/dev/inbound-call': 'dev',
  },
};
