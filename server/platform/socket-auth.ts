import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { SocketRefusals, SocketRequests, type RenewAuthAnswer } from '../../shared/events.js';
import { verifyAccessToken } from './auth.js';
import type { AppSocket } from './sockets.js';

/** setTimeout's longest delay; a later expiry is re-armed in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** Each renewal reads the user: a client sending them in a loop gets refused instead. */
const RENEWAL_SPACING_MS = 1_000;

/**
 * A socket is authorised only as long as its access token: it is closed when the token expires, unless the client
 * sent a newer token for the same user over the socket before then. Returns the function that stops the watch.
 */
export function watchAuthorisation(socket: AppSocket, app: FastifyInstance, db: Db): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRenewal = 0;
  let renewing = false;

  const arm = () => {
    clearTimeout(timer);
    const left = socket.data.authExpiresAt - Date.now();
    if (!(left > 0)) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, LONGEST_TIMER_MS));
    timer.unref?.();
  };

  // Typed by ClientToServerEvents, but sent by a client: the token and the ack are checked before use.
  socket.on(SocketRequests.renewAuth, (token: unknown, ack) => {
    const answer = (result: RenewAuthAnswer) => {
      if (typeof ack === 'function') ack(result);
    };
    const now = Date.now();
    if (renewing || now - lastRenewal < RENEWAL_SPACING_MS)
      return answer({ ok: false, error: SocketRefusals.unauthorized });
    lastRenewal = now;
    renewing = true;
    verifyAccessToken(app, db, typeof token === 'string' ? token : undefined)
      .then((verified) => {
        if (!verified || verified.user._id.toHexString() !== socket.data.userId)
          return answer({ ok: false, error: SocketRefusals.unauthorized });
        // Rooms were chosen for the role the socket connected with: a new role needs a new handshake.
        if (verified.user.role !== socket.data.role) {
          answer({ ok: false, error: SocketRefusals.unauthorized });
          socket.disconnect(true);
          return;
        }
        socket.data.sessionVersion = verified.user.sessionVersion ?? 0;
        socket.data.authExpiresAt = Math.max(socket.data.authExpiresAt, verified.session.expiresAt);
        arm();
        answer({ ok: true });
      })
      .catch((error) => {
        app.log.warn({ err: error }, 'socket authorisation not renewed');
        answer({ ok: false, error: SocketRefusals.unauthorized });
      })
      .finally(() => {
        renewing = false;
      });
  });

  arm();
  return () => clearTimeout(timer);
}
