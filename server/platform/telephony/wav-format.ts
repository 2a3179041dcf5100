// The WAV layouts of call recordings. Stored: G.711 mu-law (format code 7), one byte per sample, half the bytes of
// 16-bit PCM and no loss, since every source is G.711 mu-law already. Played: 16-bit PCM (format code 1), the WAV
// every browser's <audio> plays; mulaw-playback.ts makes one from the other.

/** Bytes before the samples of a 16-bit PCM WAV: RIFF header, 16-byte `fmt `, `data` header. */
export const PCM16_HEADER_BYTES = 44;
/**
 * Bytes before the samples of a mu-law WAV: RIFF header, 18-byte `fmt ` (a non-PCM format carries `cbSize`, 0 here),
 * the `fact` chunk every non-PCM format needs (samples per channel), `data` header.
 */
export const MULAW_HEADER_BYTES = 58;

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_MULAW = 7;

/** Where a WAV file's samples are and what they are, from its header. */
export interface WavLayout {
  encoding: 'pcm16' | 'mulaw';
  channels: number;
  rate: number;
  /** Offset of the first sample byte in the file. */
  dataOffset: number;
  /** The `data` chunk's size (its pad byte, if any, not counted). */
  dataBytes: number;
}

/** How long a WAV of this layout plays. */
export const wavSeconds = (layout: WavLayout) =>
  layout.dataBytes / (layout.rate * layout.channels * (layout.encoding === 'mulaw' ? 1 : 2));

/** The 44-byte header of a 16-bit PCM WAV of `dataBytes` sample bytes. */
export function pcm16WavHeader(channels: number, rate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(PCM16_HEADER_BYTES);
  writeRiffAndFormat(header, PCM16_HEADER_BYTES + dataBytes, 16, { code: WAVE_FORMAT_PCM, channels, rate, bits: 16 });
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

interface WavFormat {
  code: number;
  channels: number;
  rate: number;
  bits: number;
}

/** The RIFF header of a file of `fileBytes` and its `fmt ` chunk of `fmtBytes` (16 for PCM, 18 with `cbSize`). */
function writeRiffAndFormat(file: Buffer, fileBytes: number, fmtBytes: number, format: WavFormat): void {
  const { code, channels, rate, bits } = format;
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(fileBytes - 8, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(fmtBytes, 16);
  file.writeUInt16LE(code, 20);
  file.writeUInt16LE(channels, 22);
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE((rate * channels * bits) / 8, 28); // byte rate
  file.writeUInt16LE((channels * bits) / 8, 32); // block align
  file.writeUInt16LE(bits, 34);
}

/**
 * A mu-law WAV of one channel of mu-law bytes per array (all of one length), interleaved. An odd-sized `data` chunk
 * is followed by a pad byte, as RIFF chunks start on even offsets (not counted in the chunk's size).
 */
export function muLawWavFile(channels: Uint8Array[], rate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * count;
  const file = Buffer.alloc(MULAW_HEADER_BYTES + dataBytes + (dataBytes % 2));
  writeRiffAndFormat(file, file.length, 18, { code: WAVE_FORMAT_MULAW, channels: count, rate, bits: 8 });
  file.writeUInt16LE(0, 36); // cbSize: no extra format bytes
  file.write('fact', 38, 'ascii');
  file.writeUInt32LE(4, 42);
  file.writeUInt32LE(frames, 46); // samples per channel
  file.write('data', 50, 'ascii');
  file.writeUInt32LE(dataBytes, 54);
  for (let channel = 0; channel < count; channel++) {
    const samples = channels[channel]!;
    for (let frame = 0; frame < frames; frame++) file[MULAW_HEADER_BYTES + frame * count + channel] = samples[frame]!;
  }
  return file;
}

/** A RIFF WAVE file's `fmt ` fields and where its `data` chunk is, from its first bytes; null if it is not one. */
export function wavChunks(head: Buffer): { format?: WavFormat; data?: { offset: number; bytes: number } } | null {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let format: WavFormat | undefined;
  for (let offset = 12; offset + 8 <= head.length;) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= head.length) {
      format = {
        code: head.readUInt16LE(body),
        channels: head.readUInt16LE(body + 2),
        rate: head.readUInt32LE(body + 4),
        bits: head.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      return format ? { format, data: { offset: body, bytes: size } } : { data: { offset: body, bytes: size } };
    }
    offset = body + size + (size % 2);
  }
  return format ? { format } : {};
}

/** The layout of a 16-bit PCM or mu-law WAV from its first bytes (through the `data` header); null for anything else. */
export function wavLayout(head: Buffer): WavLayout | null {
  const chunks = wavChunks(head);
  if (!chunks?.format || !chunks.data || chunks.format.channels === 0) return null;
  const { code, channels, rate, bits } = chunks.format;
  const encoding =
    code === WAVE_FORMAT_PCM && bits === 16 ? 'pcm16' : code === WAVE_FORMAT_MULAW && bits === 8 ? 'mulaw' : null;
  return encoding && { encoding, channels, rate, dataOffset: chunks.data.offset, dataBytes: chunks.data.bytes };
}
