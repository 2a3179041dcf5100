/**
 * The plan numbers whose lead says an objection (issue 31), the same on the simulator and the local carrier
 * (docs/telephony.md): the lead answers, says its line once and stays on the line until the caller hangs up.
 * Keyed by the last two digits of 555-010-00NN.
 */
export const TALKING_LEADS: Readonly<Record<string, string>> = {
  '07': "Honestly, I'm not interested.",
  '08': 'Please take me off your list.',
};

/** Before the line: the lead has just picked up. */
export const PAUSE_BEFORE_LINE_MS = 600;
/** After it: the recogniser closes an utterance on ~0.5 s of silence, so the lead stays quiet a while. */
export const SILENCE_AFTER_LINE_MS = 2_000;
