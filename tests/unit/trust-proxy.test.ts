import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { fastifyTrustProxy, parseTrustProxy } from '../../server/platform/trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).trustProxy).toBe(false);
    for (const none of [undefined, '', 'none', 'off', '0'])
      expect(parseTrustProxy(none)).toEqual({ trustProxy: false });
  });

  it('takes a hop count, or addresses and ranges', () => {
    expect(parseTrustProxy('1')).toEqual({ trustProxy: 1 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback')).toEqual({
      trustProxy: ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses trusting every proxy and anything that is not an address, with one sentence', () => {
    for (const bad of ['true', 'all', '*', '11', 'nginx', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2'])
      expect(parseTrustProxy(bad)).toHaveProperty('problem');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY must be "none", a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or ranges (like 10.0.0.0/8) (got "true").',
    );
  });

  it('gives Fastify a hop test it honours (a bare number would trust nothing)', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('127.0.0.1', 0), trust('203.0.113.7', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
