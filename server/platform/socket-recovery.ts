import { Adapter } from 'socket.io-adapter';

/**
 * Closes a gap in Socket.IO's connection state recovery on a cluster adapter. A reconnecting socket is restored by
 * reading the Redis stream after its last offset; packets added to the stream after that read are only delivered
 * locally, and the adapter's own broadcasts can reach that local delivery a few microtasks before the restored
 * socket is registered, so they were dropped. While a restore is under way on an adapter, its local deliveries wait,
 * and they go out, in order, once the socket has been registered (the next macrotask).
 */
interface RecoveringAdapter {
  restoringSessions?: number;
  heldBroadcasts?: Array<[unknown, unknown]>;
  /** Restored socket id -> stream offset of the last packet its replay already carried. */
  replayedUpTo?: Map<string, string>;
}

interface HeldPacket {
  data?: unknown[];
}
interface HeldOptions {
  except?: Set<string>;
}

/** Redis stream ids ("ms-seq") in order. */
function streamIdAtMost(id: string, limit: string): boolean {
  const [ms, seq] = id.split('-').map(Number);
  const [limitMs, limitSeq] = limit.split('-').map(Number);
  return ms < limitMs || (ms === limitMs && seq <= limitSeq);
}

let holding: ((...args: unknown[]) => unknown) | undefined;

/**
 * Makes every adapter hold its local deliveries while it restores a session. Checked on every restore, because
 * Socket.IO's `Server.close()` puts the original prototype methods back (its uWebSockets support patches them).
 */
function holdDeliveriesDuringRestores(): void {
  const proto = Adapter.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  if (holding && proto.broadcast === holding) return;
  const deliver = proto.broadcast;
  holding = function (this: RecoveringAdapter, packet: unknown, opts: unknown) {
    if (this.restoringSessions) {
      (this.heldBroadcasts ??= []).push([packet, opts]);
      return;
    }
    return deliver.call(this, packet, opts);
  };
  proto.broadcast = holding;
}

export function orderRecoveries(adapter: Adapter): void {
  const state = adapter as unknown as RecoveringAdapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    holdDeliveriesDuringRestores();
    state.restoringSessions = (state.restoringSessions ?? 0) + 1;
    try {
      const session = await restore(pid, offset);
      const last = session?.missedPackets.at(-1)?.at(-1);
      if (session && typeof last === 'string') (state.replayedUpTo ??= new Map()).set(session.sid, last);
      return session;
    } finally {
      // Socket.IO registers the restored socket in the microtasks that follow; release after them.
      setImmediate(() => {
        state.restoringSessions! -= 1;
        if (state.restoringSessions) return;
        const held = state.heldBroadcasts ?? [];
        const replayed = state.replayedUpTo ?? new Map<string, string>();
        state.heldBroadcasts = [];
        state.replayedUpTo = new Map();
        state.restoringSessions = 0;
        for (const [packet, opts] of held as Array<[HeldPacket, HeldOptions]>) {
          // A restored socket whose replay already carried this packet must not get it twice.
          const offset = packet.data?.at(-1);
          const except = new Set(opts.except ?? []);
          if (typeof offset === 'string')
            for (const [sid, upTo] of replayed) if (streamIdAtMost(offset, upTo)) except.add(sid);
          // The in-memory delivery only: these packets are already in the stream.
          Adapter.prototype.broadcast.call(adapter, packet as never, { ...opts, except } as never);
        }
      });
    }
  };
}
