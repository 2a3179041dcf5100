import { Type, type Static } from 'typebox';

export const JOB_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'completed',
  'failed',
] as const;

export const FailedJob = Type.Object({
  id: Type.String(),
  name: Type.String(),
  failedReason: Type.String(),
  attemptsMade: Type.Integer({ minimum: 0 }),
  failedAt: Type.Union([Type.String(), Type.Null()]),
});

export const QueueSummary = Type.Object({
  name: Type.String(),
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** The most recent failures (up to 10), newest first. */
  recentFailures: Type.Array(FailedJob),
});
export type QueueSummary = Static<typeof QueueSummary>;

/** `GET /api/admin/queues`. */
export const QueueOverview = Type.Object({ queues: Type.Array(QueueSummary) });
export type QueueOverview = Static<typeof QueueOverview>;

export const QueueJobParams = Type.Object({
  name: Type.String({ maxLength: 40 }),
  jobId: Type.String({ maxLength: 200 }),
});
export type QueueJobParams = Static<typeof QueueJobParams>;

/** Where the standard BullMQ dashboard (bull-board) is served, outside /api: a page of its own, not a client route. */
export const QUEUE_BOARD_PATH = '/admin/queue-board/';

/** `POST /api/admin/queues/board-session`: the board's cookie is set; open `url`. */
export const QueueBoardSession = Type.Object({ url: Type.String() });
export type QueueBoardSession = Static<typeof QueueBoardSession>;
