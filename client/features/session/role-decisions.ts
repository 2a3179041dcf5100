import { SocketEvents } from '../../../shared/events.js';
import { refreshAccessToken } from '../../api/token.js';
import { onLive } from '../../live/socket.js';
import { loadMe } from './actions.js';

/**
 * An admin's decision on the user's role request applies at once: a new token (carrying the new role for the API's
 * doors) and a fresh user, so the sidebar, the menus and the pages follow without a reload.
 */
export function followRoleDecisions(): () => void {
  return onLive(SocketEvents.notificationNew, (item) => {
    if (item.type !== 'role-request-decided') return;
    void refreshAccessToken()
      .then(() => loadMe())
      .catch(() => undefined);
  });
}
