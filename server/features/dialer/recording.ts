/**
 * The simulator's call recording: a real 8 kHz, 16-bit mono PCM WAV made of tones, one short phrase
 * per second of talk (capped), so the history player has something true to play and seek in.
 */
const SAMPLE_RATE = 8_000;
export const MAX_RECORDING_SECONDS = 20;

export function recordingWav(talkSeconds: number, phoneDigits: string): Buffer {
  const seconds = Math.min(MAX_RECORDING_SECONDS, Math.max(1, Math.round(talkSeconds)));
  const samples = seconds * SAMPLE_RATE;
  const data = Buffer.alloc(samples * 2);
  // Agent and callee "speak" in turns of half a second, at pitches taken from the number.
  const digit = (i: number) => Number(phoneDigits[i % Math.max(1, phoneDigits.length)] ?? 0);
  for (let i = 0; i < samples; i++) {
    const turn = Math.floor(i / (SAMPLE_RATE / 2));
    const frequency = turn % 2 === 0 ? 220 + digit(turn) * 20 : 330 + digit(turn + 3) * 25;
    const within = (i % (SAMPLE_RATE / 2)) / (SAMPLE_RATE / 2);
    const envelope = Math.sin(Math.PI * within); // soft start and end of each turn, no clicks
    const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * envelope * 0.4;
    data.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  return Buffer.concat([wavHeader(data.length), data]);
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
