import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes, OVERLOADED_MESSAGE } from '../../shared/errors.js';
import type { LoadShedding } from './config.js';
import { AppError } from './errors.js';

/**
 * Past capacity a node answers `503` with `Retry-After` at once instead of queueing requests until they are useless.
 * Two measures, either one sheds:
 * - the event loop's mean delay over the last sample (`@fastify/under-pressure`): it rises when the process has more
 *   callbacks than it can run, whatever made them (sustained load, a slow database making answers pile up);
 * - the requests this node is answering right now: the delay is sampled, and a burst that arrives within one sample
 *   (100 connections × pipelining 10 is a thousand requests in one read) would all be let in before the delay shows it.
 *
 * Both checks are `onRequest` hooks of the `/api` scope, so a shed request is refused before its body is read, its
 * token checked or its handler run: nothing of it happened, and the client may send it again whatever its method.
 * `/healthz`, `/readyz`, the client's files and Socket.IO are outside the scope and always answered.
 */
export async function shedLoad(api: FastifyInstance, settings: LoadShedding): Promise<void> {
  const { retryAfterSeconds } = settings;
  class Overloaded extends AppError {
    constructor() {
      super(ErrorCodes.overloaded, OVERLOADED_MESSAGE, undefined, retryAfterSeconds);
    }
  }

  // One refusal for every shed request: building an Error (its stack) per refusal is work the node has no time for.
  const overloaded = new Overloaded();

  if (settings.maxInFlight > 0) {
    let inFlight = 0;
    api.addHook('onRequest', (_request, reply, done) => {
      if (inFlight >= settings.maxInFlight) return done(overloaded);
      inFlight++;
      // 'close' comes once for every response, sent or cut off by the client, so the count cannot leak.
      reply.raw.once('close', () => inFlight--);
      done();
    });
  }

  if (settings.maxEventLoopDelayMs > 0) {
    // The first samples after `listen` still hold the node's own start-up (indexes, seed, journal replay), which
    // is over: shedding on them would refuse the first requests of a node that is idle by now.
    let measuringFrom = Infinity;
    api.server.once('listening', () => (measuringFrom = performance.now() + 2 * settings.sampleIntervalMs));
    await api.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      sampleInterval: settings.sampleIntervalMs,
      // An AppError, so the app's error handler answers it like every other refusal: `{ error, code, retryAfter }`.
      pressureHandler: () => (performance.now() < measuringFrom ? undefined : Promise.reject(overloaded)),
    });
  }
}
