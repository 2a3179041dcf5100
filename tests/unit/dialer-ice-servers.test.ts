import { describe, expect, it } from 'vitest';
import { browserIceServers } from '../../server/features/dialer/ice-servers.js';

describe('the ICE servers an agent\'s browser gets', () => {
  const agentId = '665f1c2b9d3e4a0012345678';
  const now = new Date(1_700_000_000_000);

  it('mints coturn REST API credentials for the TURN servers: expiry:agent, base64 HMAC-SHA1 of the shared secret', () => {
    const servers = browserIceServers({ urls: ['stun:stun.example.com', 'turn:turn.example.com:3478', 'turns:turn.example.com:443?transport=tcp'], turnSecret: 'north-secret', credentialTtlS: 86_400 }, agentId, now);
    // The credential computed apart (Python's hmac) for username 1700086400:<agent id>.
    expect(servers).toEqual([
      { urls: ['stun:stun.example.com'] },
      { urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:443?transport=tcp'], username: `1700086400:${agentId}`, credential: 'Hmw5+Mjog2sM1I2uZfJU8KbYHmQ=' },
    ]);
  });

  it('gives no TURN server without its secret and nothing when none is configured', () => {
    expect(browserIceServers({ urls: ['turn:turn.example.com'], credentialTtlS: 60 }, agentId, now)).toEqual([]);
    expect(browserIceServers({ urls: [], credentialTtlS: 60 }, agentId, now)).toEqual([]);
  });
});
