import { subscribe } from 'valtio';
import { session } from './store.js';

/**
 * The socket follows the session: connected while signed in, closed otherwise. Loaded on demand so
 * anonymous visitors never download the socket client.
 */
export function followSessionWithLiveConnection(): () => void {
  let connected = false;
  const sync = () => {
    const wanted = session.status === 'signedIn';
    if (wanted === connected) return;
    connected = wanted;
    void import('../../live/socket.js').then((live) => (wanted ? live.connectLive() : live.disconnectLive()));
  };
  sync();
  return subscribe(session, sync);
}
