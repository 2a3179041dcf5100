import { createHmac } from 'node:crypto';
import type { IceServerView } from '../../../shared/schemas/dialer/state.js';
import type { SipConfig } from '../../platform/config.js';

/**
 * The ICE servers an agent's browser uses for its calls' audio. TURN credentials follow coturn's REST API scheme
 * (`use-auth-secret`): username `<expiry unix seconds>:<agent id>`, password base64(HMAC-SHA1(secret, username)), so
 * the relay checks them without a user database and they expire on their own; the shared secret never leaves the
 * server.
 */
export function browserIceServers(ice: SipConfig['browserIce'], agentId: string, now: Date): IceServerView[] {
  const stun = ice.urls.filter((url) => url.startsWith('stun'));
  const turn = ice.urls.filter((url) => url.startsWith('turn'));
  const servers: IceServerView[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(now.getTime() / 1_000) + ice.credentialTtlS}:${agentId}`;
    servers.push({ urls: turn, username, credential: createHmac('sha1', ice.turnSecret).update(username).digest('base64') });
  }
  return servers;
}
