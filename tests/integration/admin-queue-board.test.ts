import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queues } from '../../shared/queues.js';
import { QUEUE_BOARD_PATH } from '../../shared/schemas/admin/queues.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, cookiePair } from '../support/http.js';

let testApp: TestApp;
let admin: CreatedUser;
let sales: CreatedUser;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  admin = await createUser(testApp, { role: 'admin' });
  sales = await createUser(testApp);
  http = client(testApp.url);
});

afterAll(async () => {
  await testApp?.close();
});

const board = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${testApp.url}${QUEUE_BOARD_PATH}${path}`, { headers });

describe('the standard queue dashboard (bull-board)', () => {
  it('is refused without the app session, and to anyone but an admin', async () => {
    for (const path of ['', 'api/queues', 'static/js/main.js']) {
      const anonymous = await board(path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });
      expect((await board(path, { authorization: `Bearer ${sales.accessToken}` })).status).toBe(403);
      expect((await board(path, { cookie: `cw_queue_board=${sales.accessToken}` })).status).toBe(403);
      expect((await board(path, { cookie: 'cw_queue_board=not-a-token' })).status).toBe(401);
    }
    expect((await http.post('/api/admin/queues/board-session', undefined, { token: sales.accessToken })).status).toBe(
      403,
    );
  });

  it("opens from the admin's session: a board cookie scoped to the board, then the page, its assets and the app's queues", async () => {
    const session = await http.post('/api/admin/queues/board-session', undefined, { token: admin.accessToken });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ url: QUEUE_BOARD_PATH });
    const line = session.cookies.find((c) => c.startsWith('cw_queue_board='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/admin\/queue-board(;|$)/);
    expect(line).toMatch(/Max-Age=900/);
    const cookie = cookiePair(session.cookies, 'cw_queue_board')!;

    const page = await board('', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The app's own CSP applies: only same-origin scripts, and the page has no inline script that would run.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain(`<base href="${QUEUE_BOARD_PATH}" />`);
    expect(html).not.toMatch(/https?:\/\//);
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1].trim())).toEqual([
      'id="__UI_CONFIG__" type="application/json"',
    ]);

    const assets = [...html.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThan(0);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await board(asset, { cookie });
      expect([asset, res.status]).toEqual([asset, 200]);
      expect(res.headers.get('content-type')).toMatch(
        asset.endsWith('.js') ? /javascript/ : asset.endsWith('.css') ? /^text\/css/ : /./,
      );
      await res.arrayBuffer();
    }

    const queues = await board('api/queues', { cookie });
    expect(queues.status).toBe(200);
    const body = (await queues.json()) as { queues: Array<{ name: string }> };
    expect(body.queues.map((q) => q.name).sort()).toEqual(Object.values(Queues).sort());
  });

  it('shows a job the app queued', async () => {
    const queued = await http.post<{ jobId: string }>('/api/system/ping', undefined, { token: admin.accessToken });
    expect(queued.status).toBe(202);
    const res = await board(`api/queues/${Queues.system}/${queued.body.jobId}`, {
      authorization: `Bearer ${admin.accessToken}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { job: { id: string } }).job.id).toBe(queued.body.jobId);
  });
});
