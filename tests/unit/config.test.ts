import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/cw-config-test' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration', () => {
  it('defaults to the embedded setup on port 3000', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.mongoUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.accessMode).toBe('open');
    expect(config.workers).toBe(true);
    expect(config.demoPassword).toBe('commission-warrior');
  });

  it('names every bad variable in its own sentence', () => {
    const problems = problemsOf({ PORT: 'abc', MONGO_URL: 'http://x', REDIS_URL: 'nope', ACCESS_MODE: 'closed', WORKERS: 'maybe', JWT_SECRET: 'short' });
    expect(problems).toHaveLength(6);
    expect(problems[0]).toBe('PORT must be a whole number from 0 to 65535 (got "abc").');
    expect(problems.join(' ')).toContain('MONGO_URL must start with mongodb://');
    expect(problems.join(' ')).toContain('REDIS_URL is not a valid URL');
    expect(problems.join(' ')).toContain('ACCESS_MODE must be "open" or "waitlist"');
    expect(problems.join(' ')).toContain('WORKERS must be "on" or "off"');
    expect(problems.join(' ')).toContain('JWT_SECRET must be at least 32 characters');
  });

  it('takes the simulator as phone provider unless PHONE_PROVIDER names another one it knows', () => {
    expect(loadConfig(base).phoneProvider).toBe('simulator');
    expect(loadConfig({ ...base, PHONE_PROVIDER: 'sip' }).phoneProvider).toBe('sip');
    expect(problemsOf({ PHONE_PROVIDER: 'zoom' })).toEqual(['PHONE_PROVIDER must be "simulator" or "sip" (got "zoom").']);
  });

  it('requires a JWT secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: '' })).toEqual(['JWT_SECRET must be set in production (at least 32 characters).']);
  });

  it('switches to external servers and workers off with no code change', () => {
    const config = loadConfig({ ...base, MONGO_URL: 'mongodb://db:27017/cw', REDIS_URL: 'redis://cache:6379', WORKERS: 'off', PORT: '8080' });
    expect(config).toMatchObject({ mongoUrl: 'mongodb://db:27017/cw', redisUrl: 'redis://cache:6379', workers: false, port: 8080 });
  });
});
