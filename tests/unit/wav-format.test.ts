import { describe, expect, it } from 'vitest';
import { MULAW_TO_PCM16, PCM16_TO_MULAW } from '../../server/platform/speech/g711.js';
import {
  MULAW_HEADER_BYTES,
  muLawWavFile,
  pcm16WavHeader,
  wavLayout,
  wavSeconds,
} from '../../server/platform/telephony/wav-format.js';
import { wavFile } from '../../server/platform/telephony/call-recording.js';

describe('mu-law WAV files', () => {
  it('writes format 7 with the fact chunk, byte rate and block align of one byte a sample, channels interleaved', () => {
    const left = Uint8Array.from([0x00, 0x10, 0xff]);
    const right = Uint8Array.from([0x80, 0x7f, 0x33]);
    const file = muLawWavFile([left, right], 8_000);
    expect(file.length).toBe(58 + 6);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(file.readUInt32LE(16)).toBe(18); // fmt size: WAVEFORMATEX, cbSize included
    expect(file.readUInt16LE(20)).toBe(7); // mu-law
    expect(file.readUInt16LE(22)).toBe(2); // channels
    expect(file.readUInt32LE(24)).toBe(8_000); // rate
    expect(file.readUInt32LE(28)).toBe(16_000); // byte rate = rate x channels
    expect(file.readUInt16LE(32)).toBe(2); // block align = channels
    expect(file.readUInt16LE(34)).toBe(8); // bits per sample
    expect(file.readUInt16LE(36)).toBe(0); // cbSize
    expect(file.toString('ascii', 38, 42)).toBe('fact');
    expect(file.readUInt32LE(42)).toBe(4);
    expect(file.readUInt32LE(46)).toBe(3); // samples per channel
    expect(file.toString('ascii', 50, 54)).toBe('data');
    expect(file.readUInt32LE(54)).toBe(6);
    expect([...file.subarray(MULAW_HEADER_BYTES)]).toEqual([0x00, 0x80, 0x10, 0x7f, 0xff, 0x33]);
  });

  it('pads an odd data chunk to an even size, outside the chunk size', () => {
    const file = muLawWavFile([Uint8Array.from([1, 2, 3])], 8_000);
    expect(file.length).toBe(58 + 3 + 1);
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.readUInt32LE(54)).toBe(3);
    expect(wavLayout(file)).toEqual({ encoding: 'mulaw', channels: 1, rate: 8_000, dataOffset: 58, dataBytes: 3 });
  });

  it('reads the layout of mu-law and 16-bit PCM files, and refuses other formats', () => {
    const muLaw = muLawWavFile([new Uint8Array(8_000), new Uint8Array(8_000)], 8_000);
    expect(wavLayout(muLaw)).toEqual({
      encoding: 'mulaw',
      channels: 2,
      rate: 8_000,
      dataOffset: 58,
      dataBytes: 16_000,
    });
    expect(wavSeconds(wavLayout(muLaw)!)).toBe(1);
    const pcm = wavFile([new Int16Array(4_000), new Int16Array(4_000)], 8_000);
    expect(wavLayout(pcm)).toEqual({ encoding: 'pcm16', channels: 2, rate: 8_000, dataOffset: 44, dataBytes: 16_000 });
    expect(wavSeconds(wavLayout(pcm)!)).toBe(0.5);
    expect(pcm16WavHeader(2, 8_000, 16_000)).toEqual(pcm.subarray(0, 44));
    const aLaw = Buffer.from(muLaw);
    aLaw.writeUInt16LE(6, 20);
    expect(wavLayout(aLaw)).toBeNull();
    expect(wavLayout(Buffer.from('not a wav file at all'))).toBeNull();
  });

  it('loses nothing: a mu-law byte decoded and encoded again plays the same sample', () => {
    for (let byte = 0; byte < 256; byte++) {
      const sample = MULAW_TO_PCM16[byte]!;
      const again = PCM16_TO_MULAW[sample + 32_768]!;
      // 0x7f (-0) and 0xff (+0) both decode to 0, which encodes as 0xff; every other byte comes back as it was.
      expect(again, `byte ${byte}`).toBe(byte === 0x7f ? 0xff : byte);
      expect(MULAW_TO_PCM16[again]).toBe(sample);
    }
  });
});
