import { createHmac } from 'node:crypto';
import type { IceServerView } from '../../../shared/schemas/dialer/state.js';
import type { AccessSession } from '../../platform/auth.js';
import type { SipConfig } from '../../platform/config.js';

/** The ICE servers of a dialer tab, and when their TURN credentials stop opening relays. */
interface BrowserIce {
  servers: IceServerView[];
  /** Absent without TURN credentials. */
  expiresAt?: Date;
}

/**
 * The ICE servers an agent's browser uses for its calls' audio. TURN credentials follow coturn's REST API scheme
 * (`use-auth-secret`): username `<expiry unix seconds>:<agent id>`, password base64(HMAC-SHA1(secret, username)), so
 * the relay checks them without a user database and they expire on their own; the shared secret never leaves the
 * server. They expire with the access token they were asked with (TURN_CREDENTIAL_TTL_S is only a cap): coturn
 * cannot be told that a session ended, so a credential must not outlive the token, which a password change or reset
 * ends at once. A tab with a live session asks again for a new call (docs/telephony.md).
 */
export function browserIceServers(
  ice: SipConfig['browserIce'],
  agentId: string,
  now: Date,
  session: Pick<AccessSession, 'expiresAt'>,
): BrowserIce {
  const stun = ice.urls.filter((url) => url.startsWith('stun'));
  const turn = ice.urls.filter((url) => url.startsWith('turn'));
  const servers: IceServerView[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0 && ice.turnSecret) {
    const expiresS = Math.min(
      Math.floor(now.getTime() / 1_000) + ice.credentialTtlS,
      Math.floor(session.expiresAt / 1_000),
    );
    const username = `${expiresS}:${agentId}`;
    servers.push({
      urls: turn,
      username,
      credential: createHmac('sha1', ice.turnSecret).update(username).digest('base64'),
    });
    return { servers, expiresAt: new Date(expiresS * 1_000) };
  }
  return { servers };
}
