/**
 * G.711 µ-law <-> 16-bit PCM, the one copy of the phone line's codec (the call recorder, the coach's mixer, the local
 * carrier and the test tabs use it too), and the 8 kHz -> 16 kHz step the recogniser needs: its acoustic model
 * (pocketsphinx en-us) is trained on 16 kHz audio, and a phone call's lead side arrives as 8 kHz µ-law.
 */

const BIAS = 0x84;
const CLIP = 32_635;

/** The µ-law byte of one 16-bit sample (a larger magnitude is clipped). */
export function muLawByte(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  const magnitude = Math.min(Math.abs(sample), CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** µ-law byte -> 16-bit sample, for all 256 bytes. */
export const MULAW_TO_PCM16 = new Int16Array(256).map((_, encoded) => {
  const byte = ~encoded & 0xff;
  const exponent = (byte >> 4) & 0x07;
  const magnitude = ((((byte & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return byte & 0x80 ? -magnitude : magnitude;
});

/**
 * 16-bit sample + 32768 -> µ-law byte, for every sample: computed once, so a mixer that re-encodes each sample of
 * each 20 ms frame looks it up rather than searching for the exponent.
 */
export const PCM16_TO_MULAW = new Uint8Array(65_536).map((_, index) => muLawByte(index - 32_768));

export function muLawToPcm16(encoded: Uint8Array): Int16Array {
  const out = new Int16Array(encoded.length);
  for (let i = 0; i < encoded.length; i++) out[i] = MULAW_TO_PCM16[encoded[i]!]!;
  return out;
}

export function pcm16ToMuLaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = PCM16_TO_MULAW[samples[i]! + 32_768]!;
  return out;
}

/**
 * Doubles the rate by averaging neighbours. `previous` is the last sample of the chunk before, so a stream cut into
 * chunks upsamples exactly as it would whole.
 */
export function upsample8kTo16k(samples: Int16Array, previous = 0): Int16Array {
  const out = new Int16Array(samples.length * 2);
  let before = previous;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    out[2 * i] = (before + sample) >> 1;
    out[2 * i + 1] = sample;
    before = sample;
  }
  return out;
}
