import { isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address (Fastify's `trustProxy`): none, the nearest `hops`, or the listed
 * addresses. Trusting every proxy would let any client pick its own address with `X-Forwarded-For`, and with it
 * escape every per-address rate limit, so "all" is refused.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function addressProblem(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return false;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return true;
  if (bits === undefined) return false;
  return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
}

/** `value` is TRUST_PROXY; a bad value gives the sentence to show instead. */
export function parseTrustProxy(value: string | undefined): { trustProxy: TrustProxy } | { problem: string } {
  const text = value?.trim().toLowerCase() ?? '';
  if (['', 'none', 'off', 'false', '0'].includes(text)) return { trustProxy: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return { trustProxy: hops };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (/^\d+$/.test(text) || ['true', 'all', 'on', '*'].includes(text) || entries.some(addressProblem)) {
    return {
      problem: `TRUST_PROXY must be "none", a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or ranges (like 10.0.0.0/8) (got "${value}").`,
    };
  }
  return { trustProxy: entries };
}

/**
 * Fastify 5 answers a bare hop count by trusting nothing (a client that reaches the node directly could send enough
 * hops of its own), so hops are given as proxy-addr's own hop test. That is sound only where the nodes are reachable
 * through the proxies alone, as in docker-compose.yml (the API's port is exposed to nginx, never published).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
