import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { espeakProblem, leadLine, leadLineSync, type LeadLine } from '../speech/lead-speech.js';

/**
 * The plan numbers whose lead says an objection (issue 31), the same on the simulator and the local carrier
 * (docs/telephony.md): the lead answers, says its line once and stays on the line until the caller hangs up.
 * Keyed by the last two digits of 555-010-00NN.
 */
export const TALKING_LEADS: Readonly<Record<string, string>> = {
  '08': "Honestly, I'm not interested.",
  '09': 'Please take me off your list.',
};

/** Before the line: the lead has just picked up (kept short: the recogniser hears a first word after a long quiet badly). */
export const PAUSE_BEFORE_LINE_MS = 400;
/** After it: the recogniser closes an utterance on ~0.5 s of silence, so the lead stays quiet a while. */
export const SILENCE_AFTER_LINE_MS = 2_000;

/**
 * The local carrier's talking-lead files (8 kHz µ-law, SIPp's rtp_stream format): the pause, the line, the silence
 * after it. Made with espeak-ng when the carrier starts; without espeak-ng there are none and the numbers do not exist.
 */
export function writeTalkingLeadFiles(dir: string): Array<{ number: string; file: string }> {
  if (espeakProblem()) return [];
  return Object.entries(TALKING_LEADS).map(([suffix, text]) => {
    const file = path.join(dir, `talking-lead-${suffix}.ulaw`);
    writeFileSync(file, leadLineSync(text, PAUSE_BEFORE_LINE_MS, SILENCE_AFTER_LINE_MS).audio);
    return { number: `55501000${suffix}`, file };
  });
}

/** A talking lead's audio as both the simulator and the carrier play it. */
export function talkingLeadAudio(text: string): Promise<LeadLine> {
  return leadLine(text, PAUSE_BEFORE_LINE_MS, SILENCE_AFTER_LINE_MS);
}
