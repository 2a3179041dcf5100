// The room model's call recording, written to disk a second at a time as the relay passes the packets (issue 29: held
// in memory it cost ~57 MB per hour of call and died with the process). Each direction is one raw G.711 mu-law file, one byte per
// 8 kHz sample from the answer on: `<callId>-room.ulaw` (what the lead heard: the room's mix) and `<callId>-lead.ulaw`
// (the lead). The byte offset is the time, so a file cut short by a crash is still in step with the other, and any
// process that sees SIP_RECORDINGS_DIR can turn the pair into the call's WAV (the sweep of a dead node's call does).
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { muLawWavFile } from './wav-format.js';

const RECORDING_RATE = 8_000;
/** mu-law silence. */
const SILENCE = 0xff;

const trackFiles = (dir: string, callId: string) => ({
  room: path.join(dir, `${callId}-room.ulaw`),
  lead: path.join(dir, `${callId}-lead.ulaw`),
});

/** Bytes a track gathers before it writes them: one second of audio. */
const BLOCK_BYTES = RECORDING_RATE;

/**
 * One direction: mu-law frames placed by RTP timestamp from the first packet's arrival, appended to its file a second
 * at a time. Written per packet, the 50 small writes a second per direction were a fifth of the API's CPU at 25 calls
 * (a thread-pool request each; bench:capacity's CPU profile); a crash now loses the last second at most.
 */
class RecordingTrack {
  private written = 0;
  private first?: { ts: number; offset: number };
  private readonly file: WriteStream;
  private block = Buffer.allocUnsafe(BLOCK_BYTES);
  private filled = 0;

  constructor(
    filePath: string,
    private readonly startedAt: number,
  ) {
    this.file = createWriteStream(filePath, { flags: 'w' });
    // A disk error loses the rest of this recording, never the call.
    this.file.on('error', () => undefined);
  }

  add(payload: Buffer, timestamp: number): void {
    if (!this.first)
      this.first = {
        ts: timestamp,
        offset: Math.max(0, Math.round(((Date.now() - this.startedAt) * RECORDING_RATE) / 1_000)),
      };
    const at = this.first.offset + ((timestamp - this.first.ts) >>> 0);
    // A late or repeated packet (behind what is written) is dropped; a gap is filled with silence.
    if (at < this.written || at - this.written > RECORDING_RATE * 60) return;
    if (at > this.written) this.silence(at - this.written);
    this.push(payload);
  }

  /** Pads the track with silence to `samples` (a side that went quiet still lasts the call) and closes the file. */
  async close(samples: number): Promise<void> {
    if (samples > this.written) this.silence(samples - this.written);
    if (this.filled > 0) this.file.write(this.block.subarray(0, this.filled));
    await new Promise<void>((resolve) => this.file.end(resolve));
  }

  private silence(count: number): void {
    for (let left = count; left > 0;) {
      const n = Math.min(left, BLOCK_BYTES - this.filled);
      this.block.fill(SILENCE, this.filled, this.filled + n);
      this.advance(n);
      left -= n;
    }
  }

  private push(bytes: Buffer): void {
    for (let from = 0; from < bytes.length;) {
      const n = bytes.copy(this.block, this.filled, from, Math.min(bytes.length, from + BLOCK_BYTES - this.filled));
      this.advance(n);
      from += n;
    }
  }

  /** `n` more bytes are in the block; a full block goes to the file and a fresh one takes its place. */
  private advance(n: number): void {
    this.filled += n;
    this.written += n;
    if (this.filled < BLOCK_BYTES) return;
    this.file.write(this.block);
    this.block = Buffer.allocUnsafe(BLOCK_BYTES);
    this.filled = 0;
  }
}

/** Both directions of one call, from the answer until `close`. */
export class RelayRecording {
  readonly startedAt = Date.now();
  readonly room: RecordingTrack;
  readonly lead: RecordingTrack;
  private closing?: Promise<void>;

  constructor(dir: string, callId: string) {
    mkdirSync(dir, { recursive: true });
    const files = trackFiles(dir, callId);
    this.room = new RecordingTrack(files.room, this.startedAt);
    this.lead = new RecordingTrack(files.lead, this.startedAt);
  }

  /** Both files padded to the answered time and flushed. */
  close(): Promise<void> {
    const samples = Math.round(((Date.now() - this.startedAt) * RECORDING_RATE) / 1_000);
    this.closing ??= Promise.all([this.room.close(samples), this.lead.close(samples)]).then(() => undefined);
    return this.closing;
  }
}

/**
 * The call's 2-channel mu-law WAV (left: what the lead heard, the agent's side; right: the lead) from its two files,
 * their bytes as they are (a shorter side padded with silence), which are then removed; null when the call has none
 * (never answered, or another process's disk).
 */
export async function takeRelayRecording(dir: string, callId: string): Promise<Buffer | null> {
  const files = trackFiles(dir, callId);
  const [room, lead] = await Promise.all([
    readFile(files.room).catch(() => null),
    readFile(files.lead).catch(() => null),
  ]);
  await Promise.all([rm(files.room, { force: true }), rm(files.lead, { force: true })]);
  if (!room && !lead) return null;
  const length = Math.max(room?.length ?? 0, lead?.length ?? 0);
  if (length === 0) return null;
  const padded = (track: Buffer | null) => {
    const samples = Buffer.alloc(length, SILENCE);
    track?.copy(samples);
    return samples;
  };
  return muLawWavFile([padded(room), padded(lead)], RECORDING_RATE);
}
