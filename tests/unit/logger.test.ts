import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/platform/logger.js';

function logged(write: (log: ReturnType<typeof createLogger>) => void): Record<string, unknown> {
  const lines: string[] = [];
  write(createLogger('info', 'unit', { write: (line: string) => void lines.push(line) }));
  return JSON.parse(lines[0]) as Record<string, unknown>;
}

describe('the logger keeps secrets out of log lines', () => {
  it("logs a request URL's path and parameter names, never their values", () => {
    const line = logged((log) =>
      log.info(
        { req: { method: 'GET', url: '/login?reset=K7PQ2MXA&email=a%40b.test&reset=X', ip: '127.0.0.1' } },
        'incoming request',
      ),
    );
    expect(line.req).toEqual({ method: 'GET', url: '/login?reset=&email=', remoteAddress: '127.0.0.1' });
    expect(logged((log) => log.info({ req: { method: 'GET', url: '/api/leads' } }, 'x')).req).toMatchObject({
      url: '/api/leads',
    });
  });

  it('censors secret-named fields at the top and one level down, and auth headers', () => {
    const line = logged((log) =>
      log.warn(
        {
          password: 'hunter22',
          body: { token: 't0k3n', emailCode: '123456' },
          config: { jwtSecret: 's3cr3t' },
          err: { code: 'ECONNREFUSED' },
        },
        'x',
      ),
    );
    expect(JSON.stringify(line)).not.toMatch(/hunter22|t0k3n|123456|s3cr3t/);
    // An error's code stays readable.
    expect(line.err).toEqual({ code: 'ECONNREFUSED' });
  });
});
