import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_BOARD_PATH } from '../../../shared/schemas/admin/queues.js';
import { ACCESS_TOKEN_TTL_SECONDS, userFromToken } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, unauthenticated } from '../../platform/errors.js';

/**
 * The board is a page the browser opens itself, so it cannot send the bearer header the client's API calls send. The
 * admin's own access token travels in a cookie scoped to the board instead: HttpOnly, SameSite=Strict (the board's
 * buttons change queues, so no other site may send it), and no longer-lived than the token.
 */
export const QUEUE_BOARD_COOKIE = 'cw_queue_board';

const BASE = QUEUE_BOARD_PATH.replace(/\/$/, '');

/** Kept no longer than an access token lives; a token that expires sooner is refused by the board (401). */
export function setQueueBoardCookie(reply: FastifyReply, platform: Platform, request: FastifyRequest): void {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  reply.setCookie(QUEUE_BOARD_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: platform.config.env === 'production', path: BASE, maxAge: ACCESS_TOKEN_TTL_SECONDS });
}

/** bull-board for admins only, beside the app's own Queues page, behind the app's session (bearer or the cookie above). */
export async function mountQueueBoard(app: FastifyInstance, platform: Platform): Promise<void> {
  const board = new FastifyAdapter();
  board.setBasePath(BASE);
  createBullBoard({
    queues: Object.values(platform.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Commission Warriors queues' } },
  });

  await app.register(async (scoped) => {
    scoped.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : request.cookies[QUEUE_BOARD_COOKIE];
      const user = await userFromToken(app, platform.db, token);
      const refusal = !user ? unauthenticated() : user.role !== 'admin' ? forbidden() : undefined;
      // Job data carries people's names and e-mails: nothing but the board's own hashed assets may be cached.
      if (refusal || !request.url.startsWith(`${BASE}/static/`)) reply.header('cache-control', 'no-store');
      if (refusal) return reply.status(refusal.status).send({ error: refusal.message, code: refusal.code });
    });
    // The page links Google Fonts, which the app's CSP refuses (and which would tell Google who runs the board): it
    // falls back to the system font.
    scoped.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html') ? payload.replace(/<link[^>]*fonts\.googleapis\.com[^>]*>/g, '') : payload,
    );
    await scoped.register(board.registerPlugin(), { prefix: BASE });
  });
}
