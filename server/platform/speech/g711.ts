/**
 * G.711 µ-law <-> 16-bit PCM and the 8 kHz -> 16 kHz step the recogniser needs: its acoustic model (pocketsphinx
 * en-us) is trained on 16 kHz audio, and a phone call's lead side arrives as 8 kHz µ-law.
 */

const BIAS = 0x84;
const CLIP = 32_635;

export function muLawToPcm16(encoded: Uint8Array): Int16Array {
  const out = new Int16Array(encoded.length);
  for (let i = 0; i < encoded.length; i++) {
    const byte = ~encoded[i]! & 0xff;
    const exponent = (byte >> 4) & 0x07;
    const magnitude = ((((byte & 0x0f) << 3) + BIAS) << exponent) - BIAS;
    out[i] = byte & 0x80 ? -magnitude : magnitude;
  }
  return out;
}

export function pcm16ToMuLaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let sample = samples[i]!;
    const sign = sample < 0 ? 0x80 : 0;
    if (sign) sample = -sample;
    sample = Math.min(sample, CLIP) + BIAS;
    let exponent = 7;
    for (let mask = 0x4000; (sample & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
    const mantissa = (sample >> (exponent + 3)) & 0x0f;
    out[i] = ~(sign | (exponent << 4) | mantissa) & 0xff;
  }
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
