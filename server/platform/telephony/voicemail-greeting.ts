import { pcm16ToMuLaw } from '../speech/g711.js';
import { espeakProblem, leadLine } from '../speech/lead-speech.js';

/** What a lead calling back hears when nobody can take the call (docs/telephony.md, "Lead calls back"). */
export const VOICEMAIL_GREETING_TEXT =
  'Sorry we missed your call. Please leave a message after the tone, and we will call you back.';

const RATE = 8_000;
const BEEP_HZ = 1_000;
const BEEP_MS = 400;

let greeting: Promise<Buffer> | undefined;

/** The tone that says "speak now" (8 kHz mu-law). */
function beep(): Uint8Array {
  const pcm = new Int16Array((RATE * BEEP_MS) / 1_000);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8_000 * Math.sin((2 * Math.PI * BEEP_HZ * i) / RATE));
  return pcm16ToMuLaw(pcm);
}

/**
 * The voicemail greeting as the lead's line carries it (8 kHz mu-law): espeak-ng says it, then the tone. Made on first
 * use and kept for the process, like the talking leads' lines; without espeak-ng the lead hears the tone alone.
 */
export function voicemailGreeting(): Promise<Buffer> {
  greeting ??= (async () => {
    const tone = beep();
    if (espeakProblem()) return Buffer.from(tone);
    const spoken = await leadLine(VOICEMAIL_GREETING_TEXT, 200, 300);
    return Buffer.concat([spoken.audio, tone]);
  })();
  return greeting;
}
