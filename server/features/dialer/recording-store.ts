// Call recordings in the GridFS bucket `recordings`, each under its call's id. Stored as mu-law WAV (half the bytes
// of 16-bit PCM, which the embedded database holds in memory and snapshots), played as 16-bit PCM WAV, which every
// browser plays. The stored layout is kept in the file's metadata (`audio`); a recording without it is one stored
// before, a 16-bit PCM WAV, and is served as it is.
import type { Readable } from 'node:stream';
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';
import { muLawAsPcm, pcmPlaybackLength, type ByteRange } from '../../platform/telephony/mulaw-playback.js';
import { wavLayout, type WavLayout } from '../../platform/telephony/wav-format.js';

export const recordingsBucket = (db: Db) => new GridFSBucket(db, { bucketName: 'recordings' });

/** Stores the WAV under the call's own id, so a retried step finds it instead of storing a second copy. */
export async function storeRecording(db: Db, callId: ObjectId, agentId: ObjectId, wav: Buffer): Promise<ObjectId> {
  const bucket = recordingsBucket(db);
  const existing = await bucket.find({ _id: callId }).limit(1).toArray();
  if (existing.length) return callId;
  const audio = wavLayout(wav);
  await new Promise<void>((resolve, reject) => {
    const upload = bucket.openUploadStreamWithId(callId, `call-${callId.toHexString()}.wav`, {
      metadata: { callId, agentId, contentType: 'audio/wav', ...(audio ? { audio } : {}) },
    });
    upload.once('finish', () => resolve());
    upload.once('error', (error: Error & { code?: number }) => (error.code === 11000 ? resolve() : reject(error)));
    upload.end(wav);
  });
  return callId;
}

/** A recording as played: a 16-bit PCM WAV of `total` bytes, any inclusive byte range of which `open` streams. */
export interface PlayableRecording {
  total: number;
  open(range?: ByteRange): Readable;
}

/** The recording as a 16-bit PCM WAV (a mu-law one decoded as it is read); null when there is none. */
export async function playableRecording(db: Db, id: ObjectId): Promise<PlayableRecording | null> {
  const bucket = recordingsBucket(db);
  const [file] = await bucket.find({ _id: id }).limit(1).toArray();
  if (!file) return null;
  const stored = (range?: ByteRange) =>
    bucket.openDownloadStream(id, range ? { start: range.start, end: range.end + 1 } : undefined);
  const audio = (file.metadata as { audio?: WavLayout } | undefined)?.audio;
  if (audio?.encoding !== 'mulaw') return { total: file.length, open: stored };
  return { total: pcmPlaybackLength(audio), open: (range) => muLawAsPcm(audio, stored, range) };
}
