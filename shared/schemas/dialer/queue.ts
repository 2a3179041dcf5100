import { Type, type Static } from 'typebox';

export const QueueContactInput = Type.Object({
  leadId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  name: Type.String({ maxLength: 120 }),
  phone: Type.String({ maxLength: 40 }),
});

/**
 * `PUT /api/dialer/queue`: the whole new queue, in order (add, reorder and remove are all a new list), and the
 * `version` of the queue it was made from; a queue changed meanwhile (auto-dial, another tab) answers 409.
 */
export const QueueBody = Type.Object({
  contacts: Type.Array(QueueContactInput, { maxItems: 500 }),
  version: Type.Integer({ minimum: 0 }),
});
export type QueueBody = Static<typeof QueueBody>;

export const QueueContactView = Type.Object({
  id: Type.String(),
  leadId: Type.Optional(Type.String()),
  name: Type.String(),
  phone: Type.String(),
  /** Why auto-dial passed over this contact last time (do-not-call, calling hours, claimed by another agent). */
  skipReason: Type.Optional(Type.String()),
});
export type QueueContactView = Static<typeof QueueContactView>;

/** `GET|PUT /api/dialer/queue` and the `queue:updated` event. */
export const QueueView = Type.Object({
  contacts: Type.Array(QueueContactView),
  /** Goes up by one with every change of the queue (contacts, auto-dial, notices); a PUT names the one it changes. */
  version: Type.Integer({ minimum: 0 }),
  autoDial: Type.Boolean(),
  /** Set when auto-dial switched itself off, with the reason shown to the agent. */
  pausedReason: Type.Optional(Type.String()),
  /** The last message of auto-dial (e.g. why a contact was skipped). */
  notice: Type.Optional(Type.String()),
});
export type QueueView = Static<typeof QueueView>;
