import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Feature } from '../../server/features/feature.js';
import { routeDoor } from '../../server/features/route-access.js';
import { requireUser } from '../../server/platform/auth.js';

// The access table drives the runtime: a route without an entry, or one that attaches an auth hook itself, stops
// start-up; a listed route gets its door as its first onRequest hooks.
const feature: Feature = { name: 'probe', access: { 'GET /api/listed': 'signedIn', 'POST /api/open': 'public' } };
let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

function appWithDoor(): FastifyInstance {
  app = Fastify();
  app.addHook('onRoute', routeDoor(app, {} as Db, [feature]));
  return app;
}

describe('routeDoor', () => {
  it('stops start-up on a route its feature has no access entry for', async () => {
    const probe = appWithDoor();
    const starting = (async () => {
      await probe.register(async (api) => void api.get('/unlisted', async () => ({})), { prefix: '/api' });
      await probe.ready();
    })();
    await expect(starting).rejects.toThrow(/GET \/api\/unlisted: no single entry/);
  });

  it('stops start-up on a route that lists an auth hook itself', async () => {
    const probe = appWithDoor();
    const starting = (async () => {
      await probe.register(
        async (api) => void api.get('/listed', { preHandler: requireUser(api, {} as Db) }, async () => ({})),
        { prefix: '/api' },
      );
      await probe.ready();
    })();
    await expect(starting).rejects.toThrow(/lists an auth hook itself/);
  });

  it('answers 401 on request for a signedIn route, before its body would be read', async () => {
    const probe = appWithDoor();
    await probe.register(
      async (api) => {
        api.get('/listed', async () => ({ reached: true }));
        api.post('/open', async () => ({ reached: true }));
      },
      { prefix: '/api' },
    );
    expect((await probe.inject({ method: 'GET', url: '/api/listed' })).statusCode).toBe(401);
    expect((await probe.inject({ method: 'HEAD', url: '/api/listed' })).statusCode).toBe(401);
    expect((await probe.inject({ method: 'POST', url: '/api/open' })).json()).toEqual({ reached: true });
  });
});
