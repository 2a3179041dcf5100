import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ErrorCodes, OVERLOADED_MESSAGE } from '../../shared/errors.js';
import type { LoadShedding } from './config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Never refused by load shedding, and never kept waiting for a slot: sign-in, token refresh and call control.
     * A user who cannot sign in or hang up is worse off than one whose list loads a second later, and these routes
     * are a sliver of the traffic.
     */
    neverShed?: boolean;
  }
}

/** Why a request was refused, as the log line says it. */
type ShedCause = 'queue full' | 'waited past deadline';

interface Waiting {
  request: FastifyRequest;
  reply: FastifyReply;
  done: HookHandlerDoneFunction;
  until: number;
}

/**
 * An admission limit on the `/api` requests one node works on at once: past `maxInFlight` a request waits in a queue
 * (first come, first served) for a free slot, up to `maxWaitMs`; it is refused with `503` and `Retry-After` only when
 * the queue already holds `maxQueue` requests or its wait runs out. Working on fewer requests at once finishes each
 * sooner (they would share the same CPU and the database pool of 20 anyway), and a waiting request costs nothing.
 * Refusing at once (the queue full) or after the deadline also caps how often refusals come: every refusal still
 * costs a parse and a write, and refusing everything at once under a pipelined flood is what collapsed goodput.
 *
 * There is no switch on the event loop's delay any more: on a machine shared with other processes the delay rises
 * when those processes take the CPU, while this node is healthy and has nothing queued, and the old switch then
 * refused every request (docs/performance.md, "Overload"). The queue's wait is what users feel, and it is measured
 * on this node's own requests only.
 *
 * The check is an `onRequest` hook of the `/api` scope, so a refused request was not read, authenticated or handled:
 * the client may send it again whatever its method. `/healthz`, `/readyz`, the client's files and Socket.IO (the
 * dialer's signalling) are outside the scope; routes with `config: { neverShed: true }` go through at once.
 */
export function shedLoad(api: FastifyInstance, settings: LoadShedding): void {
  const { maxInFlight, maxQueue, maxWaitMs, retryAfterSeconds } = settings;
  if (maxInFlight === 0) return;
  const refusal = { error: OVERLOADED_MESSAGE, code: ErrorCodes.overloaded, retryAfter: retryAfterSeconds };

  let inFlight = 0;
  // A queue with a moving head: `shift()` on a thousand waiting requests would copy the array on every admission.
  let waiting: (Waiting | undefined)[] = [];
  let head = 0;
  let sweeper: NodeJS.Timeout | undefined;

  const refuse = (request: FastifyRequest, reply: FastifyReply, cause: ShedCause) => {
    request.log.warn(
      { shed: cause, route: request.routeOptions.url, inFlight, waiting: waiting.length - head },
      'request shed',
    );
    void reply.code(503).header('retry-after', String(retryAfterSeconds)).send(refusal);
  };

  const admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight--;
      admitWaiting();
    };
    // 'close' on the response comes once it is sent or its connection dropped; a pipelined request behind another
    // on a dropped connection gets no response 'close', only its request's 'close' with the socket gone.
    reply.raw.once('close', release);
    request.raw.once('close', () => request.raw.socket?.destroyed && release());
    done();
  };

  const admitWaiting = () => {
    const now = performance.now();
    while (inFlight < maxInFlight && head < waiting.length) {
      const next = waiting[head]!;
      waiting[head++] = undefined;
      // The client left while it waited: nobody would read the answer, and nobody needs a refusal either.
      if (next.request.raw.socket?.destroyed) continue;
      if (next.until < now) refuse(next.request, next.reply, 'waited past deadline');
      else admit(next.request, next.reply, next.done);
    }
    compact();
  };

  const compact = () => {
    if (head === waiting.length) {
      waiting = [];
      head = 0;
      clearInterval(sweeper);
      sweeper = undefined;
    } else if (head > 1024 && head * 2 > waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
  };

  // Requests whose wait ran out are refused on time even if no slot frees up (every request in flight is slow): the
  // queue is in arrival order, so the expired ones are at its head.
  const sweep = () => {
    const now = performance.now();
    while (head < waiting.length && waiting[head]!.until < now) {
      const expired = waiting[head]!;
      waiting[head++] = undefined;
      if (!expired.request.raw.socket?.destroyed) refuse(expired.request, expired.reply, 'waited past deadline');
    }
    compact();
  };

  api.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.neverShed) {
      // Counted, so the requests that may wait see the node's real work, but never kept waiting themselves.
      admit(request, reply, done);
      return;
    }
    if (inFlight < maxInFlight && head === waiting.length) return admit(request, reply, done);
    if (waiting.length - head >= maxQueue) return refuse(request, reply, 'queue full');
    waiting.push({ request, reply, done, until: performance.now() + maxWaitMs });
    sweeper ??= setInterval(sweep, Math.max(10, Math.min(100, maxWaitMs / 4))).unref();
  });
}
