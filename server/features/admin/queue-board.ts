import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_BOARD_PATH } from '../../../shared/schemas/admin/queues.js';
import { ACCESS_TOKEN_TTL_SECONDS, userFromToken } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, internalErrorBody, unauthenticated } from '../../platform/errors.js';

/**
 * The board is a page the browser opens itself, so it cannot send the bearer header the client's API calls send. The
 * admin's own access token travels in a cookie scoped to the board instead: HttpOnly, SameSite=Strict (the board's
 * buttons change queues, so no other site may send it), and no longer-lived than the token.
 */
export const QUEUE_BOARD_COOKIE = 'cw_queue_board';

const BASE = QUEUE_BOARD_PATH.replace(/\/$/, '');

/** The refusals bull-board's adapter can answer with the request's own fault named (e.g. a body that is not JSON). */
const BOARD_REFUSALS = [400, 403, 404, 405] as const;

/** Kept no longer than an access token lives; a token that expires sooner is refused by the board (401). */
export function setQueueBoardCookie(reply: FastifyReply, platform: Platform, request: FastifyRequest): void {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  reply.setCookie(QUEUE_BOARD_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: platform.config.env === 'production',
    path: BASE,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/**
 * bull-board 8 reads the queue's Redis client from `queue.client`, which BullMQ 6 moved to the queue's backend: the
 * Redis panel (INFO) and the flow view ask the backend instead of reading `undefined`.
 */
class BoardQueueAdapter extends BullMQAdapter {
  constructor(private readonly source: Queue) {
    super(source);
  }

  override async getRedisInfo(): Promise<string> {
    return (await this.source.getBackend().client).info();
  }

  override getClient() {
    return this.source.getBackend().client;
  }
}

/** bull-board for admins only, beside the app's own Queues page, behind the app's session (bearer or the cookie above). */
export async function mountQueueBoard(app: FastifyInstance, platform: Platform): Promise<void> {
  const board = new FastifyAdapter();
  board.setBasePath(BASE);
  createBullBoard({
    queues: Object.values(platform.queues).map((queue) => new BoardQueueAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Commission Warriors queues' } },
  });
  // bull-board answers a failure with the error's message (and, in development, its stack); like the rest of the
  // app, the board logs it and answers the catalogue's text.
  board.setErrorHandler((error: Error & { statusCode?: number }) => {
    const refusal = BOARD_REFUSALS.find((status) => status === error.statusCode);
    if (refusal) return { status: refusal, body: { error: error.message } };
    platform.log.error({ err: error }, 'queue board request failed');
    return { status: 500, body: internalErrorBody };
  });

  await app.register(async (scoped) => {
    scoped.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : request.cookies[QUEUE_BOARD_COOKIE];
      const user = await userFromToken(app, platform.db, token);
      const refusal = !user ? unauthenticated() : user.role !== 'admin' ? forbidden() : undefined;
      // Job data carries people's names and e-mails: nothing but the board's own hashed assets may be cached.
      if (refusal || !request.url.startsWith(`${BASE}/static/`)) reply.header('cache-control', 'no-store');
      if (!refusal) return;
      // A browser opening the board's address is sent to the app's Queues page, which shows the sign-in or the app's
      // "no access" page (an admin whose board cookie lapsed gets the button that renews it), not the JSON answer
      // meant for API callers.
      const opensPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (opensPage) return reply.redirect('/admin/queues', 303);
      return reply.status(refusal.status).send({ error: refusal.message, code: refusal.code });
    });
    // The page links Google Fonts, which the app's CSP refuses (and which would tell Google who runs the board): it
    // falls back to the system font.
    scoped.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace(/<link[^>]*fonts\.googleapis\.com[^>]*>/g, '')
        : payload,
    );
    await scoped.register(board.registerPlugin(), { prefix: BASE });
  });
}
