import type { Readable } from 'node:stream';
import { GridFSBucket, type Db, type GridFSBucketWriteStream, type ObjectId } from 'mongodb';
import { UploadMessages } from '../../../shared/schemas/materials/formats.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { ErrorCodes } from '../../../shared/errors.js';
import { SNIFF_BYTES } from './file-types.js';

export const materialsBucket = (db: Db): GridFSBucket => new GridFSBucket(db, { bucketName: 'materials' });
export const voiceNotesBucket = (db: Db): GridFSBucket => new GridFSBucket(db, { bucketName: 'voiceNotes' });

/** 413 rather than 400, so clients and proxies know the size was the problem. */
class PayloadTooLarge extends AppError {
  override readonly status = 413;
}
export const tooLarge = () => new PayloadTooLarge(ErrorCodes.validation, UploadMessages.tooLarge);

export interface StoredFile {
  fileId: ObjectId;
  length: number;
  contentType: string;
}

export interface StoreOptions {
  filename: string;
  limitBytes: number;
  /** Decides from the leading bytes what the file is (its content type), or throws an AppError to refuse it. */
  accept(head: Buffer, complete: boolean): { contentType: string };
  /** Busboy's own size cap tripped (it cuts the stream at the limit and flags it). */
  truncated(): boolean;
  metadata?: Record<string, unknown>;
}

const write = (upload: GridFSBucketWriteStream, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => upload.write(chunk, (error) => (error ? reject(error) : resolve())));
const finish = (upload: GridFSBucketWriteStream) =>
  new Promise<void>((resolve, reject) => {
    upload.once('error', reject);
    upload.end(() => resolve());
  });

/**
 * Streams an upload into GridFS. Nothing is opened before the content check passes; each chunk is
 * written only after the previous one was stored, so on any refusal (too large, wrong type, client gone)
 * no write is in flight and removing the chunks written so far leaves nothing behind.
 */
export async function storeStream(bucket: GridFSBucket, source: Readable, options: StoreOptions): Promise<StoredFile> {
  let upload: GridFSBucketWriteStream | undefined;
  let head: Buffer[] = [];
  let headLength = 0;
  let length = 0;
  let contentType = '';
  const open = async (complete: boolean) => {
    const whole = Buffer.concat(head);
    contentType = options.accept(whole, complete).contentType;
    upload = bucket.openUploadStream(options.filename, { metadata: { ...options.metadata, contentType } });
    head = [];
    if (whole.length) await write(upload, whole);
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > options.limitBytes) throw tooLarge();
      if (upload) {
        await write(upload, chunk);
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) await open(false);
    }
    if (options.truncated()) throw tooLarge();
    if (length === 0) throw badRequest(UploadMessages.emptyFile);
    if (!upload) await open(true);
    await finish(upload!);
    return { fileId: upload!.id as ObjectId, length, contentType };
  } catch (error) {
    if (upload) await discard(bucket, upload);
    source.resume();
    throw error;
  }
}

async function discard(bucket: GridFSBucket, upload: GridFSBucketWriteStream): Promise<void> {
  await upload.abort().catch(() => {});
  // Also removes a files document if the failure came after it was written; "file not found" is expected.
  await bucket.delete(upload.id as ObjectId).catch(() => {});
}

export async function deleteStoredFile(bucket: GridFSBucket, fileId: ObjectId): Promise<void> {
  await bucket.delete(fileId).catch(() => {});
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `bytes=` range of a file of `size` bytes: undefined to send the whole file (no header, or several
 * ranges), 'unsatisfiable' for a range outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export function openStoredFile(bucket: GridFSBucket, fileId: ObjectId, range?: ByteRange): Readable {
  return bucket.openDownloadStream(fileId, range ? { start: range.start, end: range.end + 1 } : undefined);
}
