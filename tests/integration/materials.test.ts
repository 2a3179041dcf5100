import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../shared/constants.js';
import type { MaterialItem } from '../../shared/schemas/materials/list.js';
import { materialsCollection } from '../../server/features/materials/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const pdfBytes = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

describe('materials', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;
  let other: CreatedUser;
  let owner: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    [agent, other, owner] = await Promise.all([
      createUser(testApp, { name: 'Uploader Agent' }),
      createUser(testApp),
      createUser(testApp, { role: 'owner' }),
    ]);
    await createTestCampaign(testApp, owner.user, { name: 'Hotel' });
  });
  afterAll(() => testApp?.close());

  const stored = async () => {
    const db = testApp.platform.db;
    return {
      materials: await materialsCollection(db).countDocuments(),
      files: await db.collection('materials.files').countDocuments(),
      chunks: await db.collection('materials.chunks').countDocuments(),
    };
  };

  async function upload(who: CreatedUser, bytes: Uint8Array, filename: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([bytes as BlobPart]), filename);
    const res = await fetch(`${testApp.url}/api/materials`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who.accessToken}` },
    });
    return { status: res.status, body: (await res.json()) as MaterialItem & { error?: string } };
  }

  it('round-trips an upload byte-identical, whole and by ranges, with a header or a signed link', async () => {
    const bytes = pdfBytes(3 * 1024 * 1024 + 123);
    const res = await upload(agent, bytes, 'Pitch deck.pdf', { category: 'Presentations', name: 'Pitch deck' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pitch deck',
      format: 'pdf',
      type: 'document',
      size: bytes.length,
      sizeLabel: '3 MB',
      scope: 'personal',
      starred: false,
      canDelete: true,
    });

    const whole = await fetch(`${testApp.url}/api/materials/${res.body.id}/file`, {
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));

    const signed = await fetch(`${testApp.url}${res.body.fileUrl}&download=1`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toBe(
      `attachment; filename="Pitch deck.pdf"; filename*=UTF-8''Pitch%20deck.pdf`,
    );
    expect(sha256(new Uint8Array(await signed.arrayBuffer()))).toBe(sha256(bytes));

    const range = await fetch(`${testApp.url}${res.body.fileUrl}`, { headers: { range: 'bytes=261100-1300000' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 261100-1300000/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(261100, 1300001))).toBe(true);
    const tail = await fetch(`${testApp.url}${res.body.fileUrl}`, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const outside = await fetch(`${testApp.url}${res.body.fileUrl}`, { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    // A personal material is the uploader's only; a signature is bound to its material.
    expect(
      (
        await fetch(`${testApp.url}/api/materials/${res.body.id}/file`, {
          headers: { authorization: `Bearer ${other.accessToken}` },
        })
      ).status,
    ).toBe(404);
    expect((await fetch(`${testApp.url}/api/materials/${res.body.id}/file`)).status).toBe(401);
    expect(
      (
        await fetch(
          `${testApp.url}/api/materials/${res.body.id}/file?sig=${res.body.fileUrl.split('sig=')[1].slice(0, -2)}xx`,
        )
      ).status,
    ).toBe(401);
  });

  it('refuses an .exe renamed .pdf, and types that are not allowed, storing nothing', async () => {
    const before = await stored();
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      randomBytes(20_000),
    ]);
    const disguised = await upload(agent, exe, 'invoice.pdf');
    expect(disguised.status).toBe(400);
    expect(disguised.body.error).toBe(
      "This file's content does not match its name. Only PDF, DOCX, XLSX, PPTX, CSV, TXT, JPG, PNG, MP4, MP3 and WAV files can be uploaded.",
    );
    const named = await upload(agent, exe, 'setup.exe');
    expect(named.body.error).toBe(
      'Only PDF, DOCX, XLSX, PPTX, CSV, TXT, JPG, PNG, MP4, MP3 and WAV files can be uploaded.',
    );
    expect((await upload(agent, exe, 'notes.txt')).status).toBe(400);
    expect((await upload(agent, Buffer.from('PK\x03\x04 just a zip', 'latin1'), 'report.docx')).status).toBe(400);
    expect((await upload(agent, pdfBytes(2000), 'photo.png')).status).toBe(400);
    expect(await stored()).toEqual(before);

    const docx = Buffer.concat([
      Buffer.from('PK\x03\x04\x14\x00\x06\x00[Content_Types].xml', 'latin1'),
      randomBytes(500),
      Buffer.from('PK\x03\x04word/document.xml'),
    ]);
    expect((await upload(agent, docx, 'Contract.docx')).body).toMatchObject({ format: 'docx', type: 'document' });
    expect((await upload(agent, Buffer.from('name,phone\nAda,123\n'), 'leads.csv')).body).toMatchObject({
      format: 'csv',
    });
    expect(
      (await upload(agent, Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(100)]), 'photo.JPEG')).body,
    ).toMatchObject({ format: 'jpg', type: 'image' });
  });

  it('refuses 100 MB + 1 byte without storing anything (declared size and streamed)', async () => {
    const before = await stored();
    const big = pdfBytes(UPLOAD_LIMIT_BYTES + 1);
    const declared = await upload(agent, big, 'huge.pdf');
    expect(declared.status).toBe(413);
    expect(declared.body.error).toBe('Files can be at most 100 MB.');
    expect(await stored()).toEqual(before);

    // No content-length: the stream itself is cut at the limit and what was written is removed.
    const boundary = `----cw${randomBytes(8).toString('hex')}`;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="huge.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      );
      for (let offset = 0; offset < big.length; offset += 1024 * 1024)
        yield big.subarray(offset, Math.min(big.length, offset + 1024 * 1024));
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const streamed = await fetch(`${testApp.url}/api/materials`, {
      method: 'POST',
      body: ReadableStreamFrom(body()),
      headers: {
        authorization: `Bearer ${agent.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: string }).error).toBe('Files can be at most 100 MB.');
    expect(await stored()).toEqual(before);
  });

  it('lists with filters and sorts, stars per user, folders, and deletes by uploader/owner/admin only', async () => {
    const campaignDoc = await upload(owner, pdfBytes(5000), 'Rate card.pdf', {
      campaign: 'hotel',
      category: 'Pricing',
    });
    expect(campaignDoc.body).toMatchObject({ scope: 'campaign', campaign: 'hotel', category: 'Pricing' });
    const agentOnHotel = await upload(agent, Buffer.from('my notes'), 'hotel notes.txt', { campaign: 'hotel' });
    expect(agentOnHotel.body.scope).toBe('personal');

    const list = async (who: CreatedUser, query = '') =>
      (
        await http.get<{ items: MaterialItem[]; categories: string[] }>(`/api/materials${query}`, {
          token: who.accessToken,
        })
      ).body;
    expect((await list(other)).items.map((m) => m.name)).toEqual(['Rate card.pdf']);
    expect((await list(agent, '?campaign=hotel')).items.map((m) => m.name).sort()).toEqual([
      'Rate card.pdf',
      'hotel notes.txt',
    ]);
    expect((await list(agent, '?sort=size')).items[0].name).toBe('Pitch deck');
    const byName = (await list(agent, '?sort=name')).items.map((m) => m.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : 1)));
    expect((await list(agent, '?q=RATE')).items.map((m) => m.name)).toEqual(['Rate card.pdf']);
    expect((await list(agent, '?category=Pricing')).items).toHaveLength(1);
    expect((await list(agent)).categories).toEqual(expect.arrayContaining(['General', 'Presentations', 'Pricing']));

    const star = () =>
      http.post<{ starred: boolean }>(`/api/materials/${campaignDoc.body.id}/star`, undefined, {
        token: agent.accessToken,
      });
    expect((await star()).body.starred).toBe(true);
    expect((await list(agent, '?starred=true')).items.map((m) => m.id)).toEqual([campaignDoc.body.id]);
    expect((await list(other)).items[0].starred).toBe(false);
    expect((await star()).body.starred).toBe(false);

    const folder = await http.post<{ id: string; scope: string }>(
      '/api/materials/folders',
      { name: 'Hotel decks', campaign: 'hotel' },
      { token: owner.accessToken },
    );
    expect(folder.body.scope).toBe('campaign');
    expect(
      (
        await http.post(
          '/api/materials/folders',
          { name: 'Hotel decks', campaign: 'hotel' },
          { token: owner.accessToken },
        )
      ).status,
    ).toBe(409);
    const inFolder = await upload(owner, pdfBytes(3000), 'Deck.pdf', { campaign: 'hotel', folderId: folder.body.id });
    expect((await list(other, `?folder=${folder.body.id}`)).items.map((m) => m.id)).toEqual([inFolder.body.id]);
    expect(
      (await http.get<{ items: unknown[] }>('/api/materials/folders', { token: other.accessToken })).body.items,
    ).toHaveLength(1);

    expect((await http.delete(`/api/materials/${campaignDoc.body.id}`, { token: agent.accessToken })).status).toBe(403);
    expect((await http.delete(`/api/materials/${agentOnHotel.body.id}`, { token: owner.accessToken })).status).toBe(
      404,
    );
    const before = await stored();
    expect((await http.delete(`/api/materials/${campaignDoc.body.id}`, { token: owner.accessToken })).status).toBe(204);
    const after = await stored();
    expect(after.materials).toBe(before.materials - 1);
    expect(after.files).toBe(before.files - 1);
    expect((await fetch(`${testApp.url}${campaignDoc.body.fileUrl}`)).status).toBe(404);
  });
});

function ReadableStreamFrom(source: AsyncGenerator<Buffer>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}
