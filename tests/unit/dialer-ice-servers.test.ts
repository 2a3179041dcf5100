import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserIceServers } from '../../server/features/dialer/ice-servers.js';

describe("the ICE servers an agent's browser gets", () => {
  const agentId = '665f1c2b9d3e4a0012345678';
  const now = new Date(1_700_000_000_000);
  /** An access token that outlives the configured TTL, so the TTL decides. */
  const longSession = { expiresAt: now.getTime() + 2 * 86_400_000 };

  it('mints coturn REST API credentials for the TURN servers: expiry:agent, base64 HMAC-SHA1 of the shared secret', () => {
    const servers = browserIceServers(
      {
        urls: ['stun:stun.example.com', 'turn:turn.example.com:3478', 'turns:turn.example.com:443?transport=tcp'],
        turnSecret: 'north-secret',
        credentialTtlS: 86_400,
      },
      agentId,
      now,
      longSession,
    ).servers;
    // The credential computed apart (Python's hmac) for username 1700086400:<agent id>.
    expect(servers).toEqual([
      { urls: ['stun:stun.example.com'] },
      {
        urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:443?transport=tcp'],
        username: `1700086400:${agentId}`,
        credential: 'Hmw5+Mjog2sM1I2uZfJU8KbYHmQ=',
      },
    ]);
  });

  it('gives no TURN server without its secret and nothing when none is configured', () => {
    expect(
      browserIceServers({ urls: ['turn:turn.example.com'], credentialTtlS: 60 }, agentId, now, longSession),
    ).toEqual({ servers: [] });
    expect(browserIceServers({ urls: [], credentialTtlS: 60 }, agentId, now, longSession)).toEqual({ servers: [] });
  });

  it('ends TURN credentials with the access token they were asked with: coturn cannot hear that a session ended', () => {
    const ice = { urls: ['turn:turn.example.com:3478'], turnSecret: 'north-secret', credentialTtlS: 86_400 };
    // A token with 9 min 30.4 s left: the credential dies with it (whole seconds, never after it), not 24 h later.
    const token = { expiresAt: now.getTime() + 570_400 };
    const minted = browserIceServers(ice, agentId, now, token);
    expect(minted.servers[0]!.username).toBe(`1700000570:${agentId}`);
    expect(minted.expiresAt).toEqual(new Date(1_700_000_570_000));
    expect(minted.servers[0]!.credential).toBe(
      createHmac('sha1', 'north-secret').update(`1700000570:${agentId}`).digest('base64'),
    );
    // The next token (after a renewal, or the new session after a password change) gets a credential of its own.
    const renewed = browserIceServers(ice, agentId, new Date(now.getTime() + 540_000), {
      expiresAt: now.getTime() + 1_440_000,
    });
    expect(renewed.servers[0]!.username).toBe(`1700001440:${agentId}`);
    expect(renewed.servers[0]!.credential).not.toBe(minted.servers[0]!.credential);
  });
});
