import type { CallView } from '../../../shared/schemas/dialer/call.js';

/**
 * The ringback an agent hears while the far end rings and the carrier sends no audio of its own (a 180 without early
 * media, or the simulator): the North American tone, 440 + 480 Hz, 2 s on and 4 s off (ITU-T E.180 supplement 2),
 * made with Web Audio so no file is fetched. With early media (183 + SDP) the carrier's own audio plays in the call's
 * <audio> element instead, and this stays silent.
 */
const ON_S = 2;
const CYCLE_S = 6;

let playing: { context: AudioContext; stop: () => void; callId: string } | null = null;

function start(callId: string): void {
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  const context = new Context();
  const gain = context.createGain();
  gain.gain.value = 0;
  gain.connect(context.destination);
  const oscillators = [440, 480].map((frequency) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start();
    return oscillator;
  });
  // Ten minutes of cadence scheduled ahead: a ring never lasts that long (the ring timeout ends it first).
  const t0 = context.currentTime;
  for (let cycle = 0; cycle < 100; cycle++) {
    gain.gain.setValueAtTime(0.08, t0 + cycle * CYCLE_S);
    gain.gain.setValueAtTime(0, t0 + cycle * CYCLE_S + ON_S);
  }
  playing = {
    context,
    callId,
    stop: () => {
      for (const oscillator of oscillators) oscillator.stop();
      void context.close().catch(() => undefined);
    },
  };
}

/** Follows the pushed call: a local ringback while it rings without early media, silence otherwise. */
export function followRingback(call: Pick<CallView, 'id' | 'state' | 'ringing'> | null): void {
  const wanted = call?.state === 'calling' && call.ringing === 'local' ? call.id : null;
  if (playing && playing.callId === wanted) return;
  playing?.stop();
  playing = null;
  if (wanted) start(wanted);
}
