import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayRecording, takeRelayRecording } from '../../server/platform/telephony/relay-recording.js';
import { wavLayout } from '../../server/platform/telephony/wav-format.js';
import { readMuLawWav } from '../support/wav.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-relay-rec-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** 20 ms of a loud mu-law value (0x00 is the largest negative sample). */
const loudFrame = () => Buffer.alloc(160, 0x00);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The file's size once it reached `bytes` (the stream writes in the background), or what it is after 2 s. */
async function sizeReaching(file: string, bytes: number): Promise<number> {
  for (let waited = 0; waited < 2_000; waited += 20) {
    if (existsSync(file) && statSync(file).size >= bytes) break;
    await sleep(20);
  }
  return existsSync(file) ? statSync(file).size : 0;
}

describe('the relay recording on disk', () => {
  it('writes each direction to its file a second at a time, and the WAV is made from the files, which are then removed', async () => {
    const dir = freshDir();
    const recording = new RelayRecording(dir, 'call-1');
    for (let i = 0; i < 60; i++) recording.lead.add(loudFrame(), 1_000 + i * 160);
    // On disk while the call goes, not only at its end: the first whole second (8,000 bytes); the rest waits for the next.
    expect(await sizeReaching(path.join(dir, 'call-1-lead.ulaw'), 8_000)).toBe(8_000);
    await recording.close();
    const file = (await takeRelayRecording(dir, 'call-1'))!;
    // Stored as the relay wrote it, one mu-law byte a sample (left the room, right the lead), no PCM round trip.
    const layout = wavLayout(file)!;
    expect(layout).toMatchObject({ encoding: 'mulaw', channels: 2, rate: 8_000, dataOffset: 58 });
    const data = file.subarray(layout.dataOffset, layout.dataOffset + layout.dataBytes);
    const leadBytes = data.filter((_, i) => i % 2 === 1);
    expect(leadBytes.subarray(-8_000).includes(0x00)).toBe(true);
    expect(leadBytes.every((byte) => byte === 0x00 || byte === 0xff)).toBe(true);
    expect(data.filter((_, i) => i % 2 === 0).every((byte) => byte === 0xff)).toBe(true);
    const wav = await readMuLawWav(file);
    expect(wav.rate).toBe(8_000);
    const [room, lead] = wav.channels as [Int16Array, Int16Array];
    // The side that sent nothing is a silent channel of the same length.
    expect(room.length).toBe(lead.length);
    expect(room.every((sample) => sample === 0)).toBe(true);
    expect(lead.slice(-8_000).some((sample) => sample !== 0)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('places a gap by RTP timestamp as silence and drops a late packet', async () => {
    const dir = freshDir();
    const recording = new RelayRecording(dir, 'call-2');
    recording.room.add(loudFrame(), 0);
    recording.room.add(loudFrame(), 800); // 100 ms later: 80 ms of silence between
    recording.room.add(loudFrame(), 160); // behind what is written: dropped
    await recording.close();
    const wav = await readMuLawWav((await takeRelayRecording(dir, 'call-2'))!);
    const room = wav.channels[0]!;
    const firstAt = room.findIndex((sample) => sample !== 0);
    expect(room.slice(firstAt + 160, firstAt + 800).every((sample) => sample === 0)).toBe(true);
    expect(room[firstAt + 800]).not.toBe(0);
  });

  it('a call with no files (never answered, or another disk) has no recording', async () => {
    expect(await takeRelayRecording(freshDir(), 'nothing')).toBeNull();
  });

  it('files left by a process that died are still made into the recording, short of its last second at most', async () => {
    const dir = freshDir();
    const recording = new RelayRecording(dir, 'call-3');
    for (let i = 0; i < 75; i++) recording.lead.add(loudFrame(), i * 160);
    for (let i = 0; i < 75; i++) recording.room.add(loudFrame(), i * 160);
    // No close: the process died with the files as they were written (1 of the 1.5 s).
    expect(await sizeReaching(path.join(dir, 'call-3-room.ulaw'), 8_000)).toBe(8_000);
    const wav = await readMuLawWav((await takeRelayRecording(dir, 'call-3'))!);
    expect(wav.channels[1]!.length).toBe(8_000);
    expect(wav.channels[1]!.some((sample) => sample !== 0)).toBe(true);
  });

  it('a gap longer than a second is written as silence across blocks, in step with the other side', async () => {
    const dir = freshDir();
    const recording = new RelayRecording(dir, 'call-4');
    recording.room.add(loudFrame(), 0);
    recording.room.add(loudFrame(), 2.5 * 8_000); // 2.5 s later
    recording.lead.add(loudFrame(), 0);
    await recording.close();
    const [room, lead] = (await readMuLawWav((await takeRelayRecording(dir, 'call-4'))!)).channels as [
      Int16Array,
      Int16Array,
    ];
    expect(room.length).toBe(lead.length);
    const firstAt = room.findIndex((sample) => sample !== 0);
    expect(room.slice(firstAt + 160, firstAt + 20_000).every((sample) => sample === 0)).toBe(true);
    expect(room.slice(firstAt + 20_000, firstAt + 20_160).every((sample) => sample !== 0)).toBe(true);
  });
});
