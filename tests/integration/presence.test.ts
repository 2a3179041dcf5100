import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisPresence, STALE_AFTER_MS } from '../../server/platform/presence.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/http.js';
import { createUser, type CreatedUser } from '../support/factories.js';

let testApp: TestApp;
let agent: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  agent = await createUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

describe('presence', () => {
  it('counts every open tab of a user in Redis, and forgets a tab when it closes', async () => {
    const userId = agent.user._id.toHexString();
    expect(await testApp.platform.live.connectedCount(userId)).toBe(0);
    const tab1 = await testApp.socket(agent.accessToken);
    const tab2 = await testApp.socket(agent.accessToken);
    await eventually(async () => ((await testApp.platform.live.connectedCount(userId)) === 2 ? true : undefined));
    tab1.disconnect();
    await eventually(async () => ((await testApp.platform.live.connectedCount(userId)) === 1 ? true : undefined));
    tab2.disconnect();
    await eventually(async () => ((await testApp.platform.live.connectedCount(userId)) === 0 ? true : undefined));
  });

  it('stops counting the sockets of a node that died without a heartbeat', async () => {
    let clock = 1_000_000;
    const presence = redisPresence(testApp.platform.redis, `${testApp.config.redisPrefix}:dead-node`, () => clock);
    await presence.connected('u1', 'socket-a');
    await presence.connected('u1', 'socket-b');
    expect(await presence.count('u1')).toBe(2);
    clock += STALE_AFTER_MS / 2;
    await presence.heartbeat([{ userId: 'u1', socketId: 'socket-b' }]);
    clock += STALE_AFTER_MS / 2 + 1;
    expect(await presence.count('u1')).toBe(1);
  });
});
