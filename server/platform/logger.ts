import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * A logged URL keeps its path and the names of its query parameters, not their values: a query string can carry a
 * secret (the reset link's code, a signed file link) or an e-mail address, and logs are read by more people, and kept
 * longer, than the data they describe.
 */
function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const names = [...new Set(new URLSearchParams(url.slice(query + 1)).keys())];
  return `${url.slice(0, query)}?${names.map((name) => `${encodeURIComponent(name)}=`).join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request fields (it takes a logger's serializers over its defaults), with the query values left out. */
const req = (request: LoggedRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

const SECRET_NAMES = [
  'password',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'challengeToken',
  'devCode',
  'emailCode',
  'jwtSecret',
  'turnSecret',
  'credential',
];

/**
 * Names under which a secret would travel if a log call ever passed one along (a request's headers, a body, a
 * config): censored at the top of a log line and one level down. `code` is not among them: errors' `code` is what
 * an operator reads first.
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_NAMES,
  ...SECRET_NAMES.map((name) => `*.${name}`),
];

export function createLogger(level: string, name = 'api', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      name,
      base: { pid: process.pid },
      serializers: { req },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    destination,
  );
}
