// The recording route serves every stored recording as a 16-bit PCM WAV, whole or by byte range: mu-law recordings
// (stored since recordings halved) decoded as they are read, older 16-bit PCM ones as they were stored.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingsBucket, storeRecording } from '../../server/features/dialer/recording-store.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { muLawToPcm16 } from '../../server/platform/speech/g711.js';
import { readWav, wavFile } from '../../server/platform/telephony/call-recording.js';
import { muLawWavFile } from '../../server/platform/telephony/wav-format.js';
import { buildTestApp, type TestApp } from '../support/app.js';
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

/** An ended call of the agent's whose recording is `id`. */
async function callWithRecording(id: ObjectId): Promise<string> {
  await callsCollection(testApp.platform.db).insertOne({
    _id: id,
    agentId: agent.user._id,
    phone: '(555) 200-1001',
    phoneDigits: '5552001001',
    name: 'Ann Lead',
    direction: 'outbound',
    notes: '',
    autoDialed: false,
    provider: 'test',
    state: 'idle',
    status: 'answered',
    recordingId: id,
  } as unknown as CallDoc);
  return id.toHexString();
}

const get = (callId: string, range?: string) =>
  fetch(`${testApp.url}/api/calls/${callId}/recording`, {
    headers: { authorization: `Bearer ${agent.accessToken}`, ...(range ? { range } : {}) },
  });

/** Every kind of mu-law byte on each channel, 20 s of it: 320,058 bytes stored, two GridFS chunks (255 KiB each). */
const FRAMES = 160_000;
const tracks = [0, 1].map((channel) => Uint8Array.from({ length: FRAMES }, (_, i) => (i * 31 + channel * 89) & 0xff));
/** The PCM byte that stored byte 261,120, the second chunk's first, becomes (its low byte). */
const SECOND_CHUNK_PCM = 44 + (255 * 1_024 - 58) * 2;

describe('playing a stored call recording', () => {
  it('stores mu-law, half the bytes, and serves the 16-bit PCM WAV it decodes to, any byte range of it', async () => {
    const id = new ObjectId();
    await storeRecording(testApp.platform.db, id, agent.user._id, muLawWavFile(tracks, 8_000));
    const callId = await callWithRecording(id);
    const [stored] = await recordingsBucket(testApp.platform.db).find({ _id: id }).toArray();
    expect(stored!.length).toBe(58 + FRAMES * 2);
    expect(stored!.metadata).toMatchObject({ audio: { encoding: 'mulaw', channels: 2, dataOffset: 58 } });

    const pcm = wavFile(tracks.map(muLawToPcm16), 8_000);
    expect(pcm.length).toBe(44 + FRAMES * 4);
    const full = await get(callId);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/wav');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-length')).toBe(String(pcm.length));
    const body = Buffer.from(await full.arrayBuffer());
    // Byte for byte (Buffer.equals: a deep compare of 640 KB takes seconds), and a 16-bit PCM WAV to readWav.
    expect(body.equals(pcm)).toBe(true);
    expect(readWav(body).rate).toBe(8_000);

    // The header alone, across the header's end, odd starts and ends, across the stored chunks' edge, open-ended and
    // suffix ranges, one past the end.
    for (const [header, start, end] of [
      ['bytes=0-43', 0, 43],
      ['bytes=40-47', 40, 47],
      ['bytes=45-1000', 45, 1_000],
      ['bytes=1001-1001', 1_001, 1_001],
      [`bytes=${SECOND_CHUNK_PCM - 3}-${SECOND_CHUNK_PCM + 4}`, SECOND_CHUNK_PCM - 3, SECOND_CHUNK_PCM + 4],
      ['bytes=30001-', 30_001, pcm.length - 1],
      ['bytes=-3', pcm.length - 3, pcm.length - 1],
      [`bytes=100-${pcm.length + 50}`, 100, pcm.length - 1],
    ] as const) {
      const part = await get(callId, header);
      expect(part.status, header).toBe(206);
      expect(part.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${pcm.length}`);
      expect(part.headers.get('content-length'), header).toBe(String(end - start + 1));
      expect(Buffer.from(await part.arrayBuffer()).equals(pcm.subarray(start, end + 1)), header).toBe(true);
    }
    const beyond = await get(callId, `bytes=${pcm.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${pcm.length}`);
  });

  it('serves a recording stored before, as 16-bit PCM, as it was stored', async () => {
    const id = new ObjectId();
    const old = wavFile(tracks.map(muLawToPcm16), 8_000);
    // As recordings were stored until then: no `audio` in the metadata.
    await new Promise<void>((resolve, reject) => {
      const upload = recordingsBucket(testApp.platform.db).openUploadStreamWithId(id, `call-${id.toHexString()}.wav`, {
        metadata: { callId: id, agentId: agent.user._id, contentType: 'audio/wav' },
      });
      upload.once('finish', () => resolve()).once('error', reject);
      upload.end(old);
    });
    const callId = await callWithRecording(id);
    const full = await get(callId);
    expect(full.headers.get('content-length')).toBe(String(old.length));
    expect(Buffer.from(await full.arrayBuffer()).equals(old)).toBe(true);
    const part = await get(callId, 'bytes=45-1000');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 45-1000/${old.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(old.subarray(45, 1_001));
  });
});
