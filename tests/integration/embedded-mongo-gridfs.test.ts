// Conformance: GridFS round trips through the driver's GridFSBucket.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridFSBucket, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_gridfs');
  db = t.db;
});
afterAll(async () => t.close());

async function download(bucket: GridFSBucket, id: unknown, range?: { start: number; end: number }): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of bucket.openDownloadStream(id as never, range)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('GridFS', () => {
  it('uploads and downloads a 20 MB file byte for byte', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'materials' });
    const data = randomBytes(20 * 1024 * 1024 + 12345);
    const upload = bucket.openUploadStream('deck.pdf', { metadata: { owner: 'o1' } });
    await pipeline(Readable.from([data.subarray(0, 7_000_000), data.subarray(7_000_000)]), upload);
    const back = await download(bucket, upload.id);
    expect(back.length).toBe(data.length);
    expect(sha256(back)).toBe(sha256(data));

    const [file] = await bucket.find({ _id: upload.id }).toArray();
    expect(file).toMatchObject({
      filename: 'deck.pdf',
      length: data.length,
      chunkSize: 255 * 1024,
      metadata: { owner: 'o1' },
    });
    expect(await db.collection('materials.chunks').countDocuments({ files_id: upload.id })).toBe(
      Math.ceil(data.length / (255 * 1024)),
    );
    const indexes = (await db.collection('materials.chunks').listIndexes().toArray()).map((i) => ({
      key: i.key,
      unique: !!i.unique,
    }));
    expect(indexes).toContainEqual({ key: { files_id: 1, n: 1 }, unique: true });

    const slice = await download(bucket, upload.id, { start: 300_000, end: 900_000 });
    expect(slice.equals(data.subarray(300_000, 900_000))).toBe(true);
  });

  it('reads the chunks of a file through the chunk index', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'small' });
    const data = randomBytes(3 * 255 * 1024 + 10);
    const upload = bucket.openUploadStream('x.bin');
    await pipeline(Readable.from([data]), upload);
    const explain = await db
      .collection('small.chunks')
      .find({ files_id: upload.id })
      .sort({ n: 1 })
      .explain('executionStats');
    expect(explain.executionStats.totalDocsExamined).toBe(4);
    expect(JSON.stringify(explain.queryPlanner.winningPlan)).toContain('IXSCAN');
    expect(JSON.stringify(explain.queryPlanner.winningPlan)).not.toContain('"SORT"');
  });

  it('finds, renames and deletes files', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'voice' });
    const upload = bucket.openUploadStream('note.webm', { metadata: { by: 'a' } });
    await pipeline(Readable.from([Buffer.from('hello voice')]), upload);
    expect((await download(bucket, upload.id)).toString()).toBe('hello voice');
    await bucket.rename(upload.id, 'renamed.webm');
    expect(await bucket.find({ filename: 'renamed.webm' }).toArray()).toHaveLength(1);
    await bucket.delete(upload.id);
    expect(await bucket.find({}).toArray()).toHaveLength(0);
    expect(await db.collection('voice.chunks').countDocuments()).toBe(0);
    await expect(download(bucket, upload.id)).rejects.toThrow(/FileNotFound|not found/i);
  });
});
