// Compile-time contracts: checked by `npm run lint:types` (tsc), never run. Each `@ts-expect-error` line must fail
// to compile; if one compiled, tsc would report the directive as unused and the lint would fail.
import type { Socket } from 'socket.io-client';
import {
  Rooms,
  SocketEvents,
  SocketRequests,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketEventName,
} from '../../shared/events.js';
import { Jobs, Queues, type JobName, type QueueName } from '../../shared/queues.js';
import type { LiveEvents } from '../../server/platform/live-events.js';
import { enqueue, type QueueJob, type QueueRegistry } from '../../server/platform/queues.js';
import { onLive } from '../../client/live/socket.js';
import type { Schedule } from '../../server/features/feature.js';

declare const live: LiveEvents;
declare const queues: QueueRegistry;
declare const clientSocket: Socket<ServerToClientEvents, ClientToServerEvents>;

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

export function liveEventContracts(): void {
  live.toUser('u1', SocketEvents.notificationCount, { unread: 3 });
  // @ts-expect-error a payload of the wrong shape
  live.toUser('u1', SocketEvents.notificationCount, { unread: '3' });
  // @ts-expect-error a payload of another event
  live.toRoom(Rooms.feed, SocketEvents.voiceNotesChanged, { kind: 'material', id: 'm1', change: 'created' });
  // @ts-expect-error an event the catalogue does not have
  live.toUsers(['u1'], 'lead:deleted', { id: 'l1' });
  live.toUser('u1', SocketEvents.rebuttalSuggested, {
    callId: 'c1',
    objection: 'too expensive',
    startMs: 0,
    endMs: 800,
    rebuttal: null,
  });
  // @ts-expect-error a suggestion names its call
  live.toUser('u1', SocketEvents.rebuttalSuggested, {
    objection: 'too expensive',
    startMs: 0,
    endMs: 800,
    rebuttal: null,
  });

  live.toUsers(['u1'], SocketEvents.transferAvailability, { campaignIds: ['c1'] });
  // @ts-expect-error the availability push names campaigns, not one user
  live.toUsers(['u1'], SocketEvents.transferAvailability, { userId: 'u2' });
  onLive(SocketEvents.transferOffered, (offer) => offer.lead.name.trim());
  // @ts-expect-error a transfer's state is one of its states
  onLive(SocketEvents.transferUpdated, (view) => view.state === 'ringing');

  onLive(SocketEvents.notificationCount, ({ unread }) => unread.toFixed());
  // @ts-expect-error the client reads a field the payload does not have
  onLive(SocketEvents.notificationCount, (payload) => payload.count);
  clientSocket.emit(SocketRequests.renewAuth, 'token', (answer) => answer.ok);
  // @ts-expect-error a client -> server message the server does not take
  clientSocket.emit('join', Rooms.admins);

  // Every event name of `SocketEvents` has its payload in `ServerToClientEvents`, and no more.
  holds<Equal<(typeof SocketEvents)[keyof typeof SocketEvents], SocketEventName>>();
}

export async function queueContracts(): Promise<void> {
  await enqueue(queues.commissions, Jobs.commissions.dealClosed, { dealId: 'd1' });
  // @ts-expect-error a payload of the wrong shape
  await enqueue(queues.commissions, Jobs.commissions.dealClosed, { deal: 'd1' });
  // @ts-expect-error a job the queue does not carry
  await enqueue(queues.email, Jobs.leads.import, { importId: 'i1' });
  // @ts-expect-error a bare add is checked the same way
  await queues.leads.add(Jobs.leads.distribute, { importId: 'i1' });

  const processLeads = (job: QueueJob<typeof Queues.leads>) => {
    if (job.name === Jobs.leads.import) return job.data.importId;
    // @ts-expect-error the payload is narrowed by the job's name
    if (job.name === Jobs.leads.distribute) return job.data.importId;
    return null;
  };
  void processLeads;

  // A feature's repeatable job is a job of its queue, with that job's payload.
  const schedules: Schedule[] = [
    { queue: Queues.leads, id: 'leads-sweep', repeat: { every: 60_000 }, job: Jobs.leads.sweep, data: {} },
    // @ts-expect-error a job the queue does not carry
    { queue: Queues.insights, id: 'sweep', repeat: { every: 60_000 }, job: Jobs.leads.sweep, data: {} },
    {
      queue: Queues.insights,
      id: 'audit',
      repeat: { pattern: '17 4 * * *' },
      job: Jobs.insights.auditCounters,
      // @ts-expect-error a payload of the wrong shape
      data: { confirm: 'no' },
    },
  ];
  void schedules;

  // Every job name of `Jobs` has its payload in `QueueJobs`, and no more.
  holds<Equal<{ [Q in QueueName]: (typeof Jobs)[Q][keyof (typeof Jobs)[Q]] }, { [Q in QueueName]: JobName<Q> }>>();
}
