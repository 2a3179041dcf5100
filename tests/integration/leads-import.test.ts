import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type ImportProgressPayload } from '../../shared/events.js';
import { ImportMessages, SkipReasons } from '../../shared/schemas/leads/import.js';
import {
  importRejectsCollection,
  importsBucket,
  leadImportsCollection,
} from '../../server/features/leads/import-repository.js';
import { runImport } from '../../server/features/leads/import-service.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import {
  createCampaignWithAgents,
  leadsCsv,
  uploadCsv,
  waitForImport,
  type CampaignWithAgents,
} from '../support/leads.js';

let testApp: TestApp;
let campaign: CampaignWithAgents;

beforeAll(async () => {
  // No agents: the imported leads stay in the pool, so this file only looks at the import.
  testApp = await buildTestApp();
  campaign = await createCampaignWithAgents(testApp, 0);
});
afterAll(() => testApp?.close());

/** 10,000 rows of which 200 (2%) are bad in known ways, spread through the file. */
function tenThousandWithTwoPercentBad() {
  const lines = ['Full Name,Email,Phone,Company,Preferred Hotel,Guests'];
  const expected: Record<string, number> = {};
  const bad = (reason: string) => (expected[reason] = (expected[reason] ?? 0) + 1);
  for (let i = 0; i < 10_000; i++) {
    const phone = `+20 100 ${String(1_000_000 + i).slice(1)}`;
    const slot = i % 50;
    if (slot === 7 && i < 2_500) {
      lines.push(`,nobody${i}@example.com,${phone},Acme,Hilton,2`);
      bad(SkipReasons.missingName);
    } else if (slot === 7 && i < 5_000) {
      lines.push(`Lead ${i},,,Acme,Hilton,2`);
      bad(SkipReasons.missingContact);
    } else if (slot === 7 && i < 7_000) {
      lines.push(`Lead ${i},not-an-email-${i},${phone},Acme,Hilton,2`);
      bad(SkipReasons.badEmail);
    } else if (slot === 7 && i < 8_500) {
      lines.push(`Lead ${i},lead${i}@example.com,12-34,Acme,Hilton,2`);
      bad(SkipReasons.badPhone);
    } else if (slot === 7) {
      // Same phone as the row before, written differently: the normalised numbers collide.
      lines.push(`Lead ${i},other${i}@example.com,0020100${String(1_000_000 + i - 1).slice(1)},Acme,Hilton,2`);
      bad(SkipReasons.duplicateInFile);
    } else {
      lines.push(`Lead ${i},Lead${i}@Example.com,${phone},Company ${i % 30},"Hilton, Cairo",${(i % 4) + 1}`);
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, expected };
}

describe('lead import', () => {
  it('imports 10,000 rows with 2% bad ones: exact counts, reasons, report and live progress', async () => {
    const { csv, expected } = tenThousandWithTwoPercentBad();
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(200);
    const socket = await testApp.socket(campaign.owner.accessToken);
    const progress: ImportProgressPayload[] = [];
    socket.on(SocketEvents.importProgress, (p: ImportProgressPayload) => progress.push(p));

    const res = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, csv);
    expect(res.status).toBe(202);
    const importId = res.body.importId as string;
    const status = await waitForImport(testApp, campaign.owner.accessToken, importId);
    expect(status).toMatchObject({
      status: 'completed',
      totalRows: 10_000,
      rowsRead: 10_000,
      imported: 9_800,
      skipped: 200,
      reasons: expected,
    });

    const leads = leadsCollection(testApp.platform.db);
    expect(await leads.countDocuments({ campaignId: campaign.campaignObjectId })).toBe(9_800);
    const sample = await leads.findOne({ campaignId: campaign.campaignObjectId, name: 'Lead 1' });
    expect(sample).toMatchObject({
      email: 'lead1@example.com',
      phone: '20100000001',
      company: 'Company 1',
      details: { 'Preferred Hotel': 'Hilton, Cairo', Guests: '2' },
      disposition: 'New',
      stage: 'New',
    });
    expect(sample!.staged).toBeUndefined();

    // Live progress reached the importer, growing, ending with the final figures.
    await new Promise((r) => setTimeout(r, 200));
    const running = progress.filter((p) => p.id === importId && p.status === 'running');
    expect(running.length).toBeGreaterThan(5);
    expect(running.map((p) => p.rowsRead)).toEqual([...running.map((p) => p.rowsRead)].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ status: 'completed', imported: 9_800, skipped: 200 });

    // The report of rejected rows: one line per skipped row, with its line number and reason.
    const report = await fetch(`${testApp.url}/api/imports/${importId}/rejected.csv`, {
      headers: { authorization: `Bearer ${campaign.owner.accessToken}` },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('text/csv');
    const lines = (await report.text()).trim().split('\r\n');
    expect(lines[0]).toBe('line,reason,Full Name,Email,Phone,Company,Preferred Hotel,Guests');
    expect(lines).toHaveLength(201);
    expect(lines[1]).toBe(`9,${SkipReasons.missingName},,nobody7@example.com,'+20 100 000007,Acme,Hilton,2`);

    // The importer was told once.
    const notes = await testApp.platform.db
      .collection('notifications')
      .find({ userId: campaign.owner.user._id, type: 'import-finished' })
      .toArray();
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('9800 leads imported, 200 skipped');
  });

  it('skips rows already in the campaign and honours a column mapping', async () => {
    const csv =
      'Who,Mail,Tel,Notes\nLead 1,lead1@example.com,,dup by email\nNew Person,,+20 100 000002,dup by phone\nFresh One,fresh@example.com,+44 20 7946 0000,hello\n';
    const res = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, csv, {
      mapping: { Who: 'name', Mail: 'email', Tel: 'phone' },
    });
    expect(res.status).toBe(202);
    const status = await waitForImport(testApp, campaign.owner.accessToken, res.body.importId as string);
    expect(status).toMatchObject({ imported: 1, skipped: 2, reasons: { [SkipReasons.duplicateInCampaign]: 2 } });
    const fresh = await leadsCollection(testApp.platform.db).findOne({ email: 'fresh@example.com' });
    expect(fresh).toMatchObject({ name: 'Fresh One', phone: '442079460000', details: { Notes: 'hello' } });
  });

  it("keeps a recognised column as a detail when it is mapped to 'details'", async () => {
    const csv = 'Full Name,Email,Mobile,Company\nDetail Keeper,keeper@example.com,+1 555 222 3333,Keeper Inc\n';
    const res = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, csv, {
      mapping: { Mobile: 'details', Company: 'details' },
    });
    expect(res.status).toBe(202);
    const status = await waitForImport(testApp, campaign.owner.accessToken, res.body.importId as string);
    expect(status).toMatchObject({ imported: 1, skipped: 0 });
    const lead = await leadsCollection(testApp.platform.db).findOne({ email: 'keeper@example.com' });
    expect(lead).toMatchObject({
      name: 'Detail Keeper',
      details: { Mobile: '+1 555 222 3333', Company: 'Keeper Inc' },
    });
    expect(lead?.phone).toBeUndefined();
    expect(lead?.company).toBeUndefined();

    // Mapped away, the recognised phone column no longer counts towards the required columns.
    const refused = await uploadCsv(
      testApp,
      campaign.owner.accessToken,
      campaign.campaignId,
      'Name,Phone\nA,5552223333\n',
      { mapping: { Phone: 'details' } },
    );
    expect(refused).toMatchObject({ status: 400, body: { error: ImportMessages.missingColumns } });
  });

  it('refuses bad files with one clear error and keeps nothing of them', async () => {
    const before = await leadsCollection(testApp.platform.db).countDocuments();
    const importsBefore = await leadImportsCollection(testApp.platform.db).countDocuments();
    const token = campaign.owner.accessToken;
    const latin1 = Buffer.from('Name,Email\nJos\xe9 P\xe9rez,jose@example.com\n', 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Email\nA,a@example.com\n', 'utf16le')]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const tooManyRows = leadsCsv(50_001, 100_000);
    const cases: Array<
      [string, string | Uint8Array, { fileName?: string; type?: string; mapping?: Record<string, string> }, string]
    > = [
      ['image', png, { fileName: 'leads.csv' }, ImportMessages.notCsv],
      [
        'spreadsheet',
        'whatever',
        { fileName: 'leads.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        ImportMessages.notCsv,
      ],
      ['latin-1', latin1, {}, ImportMessages.notUtf8],
      ['utf-16', utf16, {}, ImportMessages.notUtf8],
      ['empty', '', {}, ImportMessages.empty],
      ['header only', 'Name,Email,Phone\n', {}, ImportMessages.noRows],
      ['no contact column', 'Name,City\nA,Cairo\n', {}, ImportMessages.missingColumns],
      ['unknown mapped column', leadsCsv(2), { mapping: { Nope: 'name' } }, ImportMessages.unknownColumn('Nope')],
      ['too many rows', tooManyRows, {}, ImportMessages.tooManyRows],
    ];
    for (const [label, content, options, message] of cases) {
      const res = await uploadCsv(testApp, token, campaign.campaignId, content, options);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual({ error: message, title: 'Import failed', code: 'VALIDATION' });
    }
    const malformed = await uploadCsv(testApp, token, campaign.campaignId, 'Name,Email\n"Unclosed,a@example.com\n');
    expect(malformed.status).toBe(400);
    expect(String(malformed.body.error)).toMatch(/^This file is not a valid CSV file: /);

    const huge = `Name,Email\n${`${'x'.repeat(60_000)},a@example.com\n`.repeat(360)}`;
    const tooLarge = await uploadCsv(testApp, token, campaign.campaignId, huge);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toBe(ImportMessages.tooLarge);
    // One endless line: refused early; the rest of the upload is discarded with the connection.
    const oneLine = await uploadCsv(testApp, token, campaign.campaignId, new Uint8Array(21 * 1024 * 1024).fill(0x61));
    expect(oneLine.body.error).toBe(ImportMessages.malformed('line 1 is longer than 64 KB.'));

    expect(await leadsCollection(testApp.platform.db).countDocuments()).toBe(before);
    expect(await leadImportsCollection(testApp.platform.db).countDocuments()).toBe(importsBefore);
    // Nothing left in GridFS but finished imports' files, which are removed too.
    expect(await importsBucket(testApp.platform.db).find({}).toArray()).toEqual([]);
  });

  it('lets only the campaign owner and admins import', async () => {
    const agent = await createUser(testApp);
    const otherOwner = await createUser(testApp, { role: 'owner' });
    const admin = await createUser(testApp, { role: 'admin' });
    expect((await uploadCsv(testApp, agent.accessToken, campaign.campaignId, leadsCsv(1, 900_000))).status).toBe(403);
    expect(
      (await uploadCsv(testApp, otherOwner.accessToken, campaign.campaignId, leadsCsv(1, 900_000))).body,
    ).toMatchObject({ error: ImportMessages.ownersOnly });
    expect((await uploadCsv(testApp, undefined, campaign.campaignId, leadsCsv(1, 900_000))).status).toBe(401);
    expect(
      (await uploadCsv(testApp, admin.accessToken, new ObjectId().toHexString(), leadsCsv(1, 900_000))).status,
    ).toBe(404);
    const byAdmin = await uploadCsv(testApp, admin.accessToken, campaign.campaignId, leadsCsv(1, 900_000));
    expect(byAdmin.status).toBe(202);
    // Someone else's import is not found for another owner; an agent is refused at the door (owners and admins only).
    const statusFor = async (who: { accessToken: string }) =>
      (
        await fetch(`${testApp.url}/api/imports/${String(byAdmin.body.importId)}`, {
          headers: { authorization: `Bearer ${who.accessToken}` },
        })
      ).status;
    expect(await statusFor(otherOwner)).toBe(404);
    expect(await statusFor(agent)).toBe(403);
  });

  it('a retried job (after a crash mid-file) and a re-run job never duplicate leads', async () => {
    const noWorkers = await buildTestApp({ workers: false });
    try {
      const c = await createCampaignWithAgents(noWorkers, 0);
      const res = await uploadCsv(noWorkers, c.owner.accessToken, c.campaignId, leadsCsv(1_500, 200_000));
      const importId = res.body.importId as string;
      const db = noWorkers.platform.db;
      // What a crashed first attempt leaves: the import running, part of the rows staged, some rejects.
      await leadImportsCollection(db).updateOne(
        { _id: new ObjectId(importId) },
        { $set: { status: 'running', rowsRead: 700, imported: 700 } },
      );
      await leadsCollection(db).insertMany(
        Array.from({ length: 700 }, (_, i) => ({
          _id: new ObjectId(),
          campaignId: c.campaignObjectId,
          name: `Lead ${200_000 + i}`,
          email: `lead${200_000 + i}@example.com`,
          source: 'Import',
          leadType: 'Individual' as const,
          details: {},
          assignedTo: null,
          disposition: 'New' as const,
          stage: 'New' as const,
          importId: new ObjectId(importId),
          staged: true,
          history: [],
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      );
      await runImport(noWorkers.platform, importId);
      await runImport(noWorkers.platform, importId);
      expect(await leadsCollection(db).countDocuments({ campaignId: c.campaignObjectId })).toBe(1_500);
      expect(await leadsCollection(db).countDocuments({ campaignId: c.campaignObjectId, staged: true })).toBe(0);
      expect(await importRejectsCollection(db).countDocuments({ importId: new ObjectId(importId) })).toBe(0);
      expect(await leadImportsCollection(db).findOne({ _id: new ObjectId(importId) })).toMatchObject({
        status: 'completed',
        imported: 1_500,
        skipped: 0,
      });
    } finally {
      await noWorkers.close();
    }
  });
});
