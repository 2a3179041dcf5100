import { describe, expect, it } from 'vitest';
import { assemble, espeakProblem, speak, toNarrowband, type Utterance } from '../../bench/objection-audio.js';
import {
  createObjectionSpotter,
  speechProblem,
  type ObjectionHeard,
  type SpottingStream,
} from '../../server/platform/speech/objection-spotter.js';
import { spottingPhrases } from '../../server/platform/speech/phrases.js';
import { eventually } from '../support/http.js';

const missing = speechProblem() ?? espeakProblem();
if (missing) console.warn(`objection spotter tests skipped: ${missing}`);

const mulaw8k = { encoding: 'mulaw', sampleRate: 8000 } as const;

/** A call's lead side: ordinary talk around the objections, as 8 kHz µ-law. */
async function leadAudio(utterances: Utterance[]) {
  const clips = await Promise.all(utterances.map(async (u) => toNarrowband(await speak('en-us', 150, u.text))));
  return assemble(clips, utterances, 0);
}

/** Writes in 100 ms chunks, as a call's media arrives (faster than real time: the recogniser keeps up). */
function feed(stream: SpottingStream, audio: Uint8Array) {
  for (let i = 0; i < audio.length; i += 800) stream.write(audio.subarray(i, i + 800));
}

const neutral: Utterance[] = [
  { text: 'Hello, this is Sam speaking, who is calling please?' },
  { text: 'We moved into the house about three years ago.' },
  { text: 'How long does the installation take from start to finish?' },
  { text: 'Our neighbours did something like this last summer.' },
];

describe.skipIf(missing !== null)('objection spotter (pocketsphinx keyword search)', () => {
  it('hears "take me off your list" and "too expensive" where they were said, and nothing in ordinary talk', async () => {
    const spoken = await leadAudio([
      neutral[0]!,
      { text: 'Honestly, take me off your list.', phrase: 'take me off your list' },
      neutral[1]!,
      { text: 'Look, that is too expensive, okay?', phrase: 'too expensive' },
    ]);
    const spotter = createObjectionSpotter({ maxStreams: 2 });
    const heard: ObjectionHeard[] = [];
    const opened = spotter.open({ phrases: spottingPhrases(), format: mulaw8k, onObjection: (h) => heard.push(h) });
    if (!opened.ok) throw new Error(opened.reason);
    feed(opened.stream, spoken.audio);
    await opened.stream.end();

    expect(heard.map((h) => h.phrase).sort()).toEqual(['take me off your list', 'too expensive']);
    for (const h of heard) {
      const said = spoken.placed.find((p) => p.utterance.phrase === h.phrase)!;
      expect(h.startMs).toBeGreaterThanOrEqual(said.startMs - 300);
      expect(h.endMs).toBeLessThanOrEqual(said.endMs + 300);
    }

    const talk = await leadAudio(neutral);
    const heardInTalk: ObjectionHeard[] = [];
    const second = spotter.open({
      phrases: spottingPhrases(),
      format: mulaw8k,
      onObjection: (h) => heardInTalk.push(h),
    });
    if (!second.ok) throw new Error(second.reason);
    feed(second.stream, talk.audio);
    await second.stream.end();
    expect(heardInTalk).toEqual([]);
  }, 60_000);

  it("starts a killed recogniser again and keeps the stream's times", async () => {
    const before = await leadAudio([neutral[0]!, neutral[1]!]);
    const after = await leadAudio([
      neutral[2]!,
      { text: 'Honestly, take me off your list.', phrase: 'take me off your list' },
    ]);
    const spotter = createObjectionSpotter({ maxStreams: 1 });
    const heard: ObjectionHeard[] = [];
    const opened = spotter.open({ phrases: spottingPhrases(), format: mulaw8k, onObjection: (h) => heard.push(h) });
    if (!opened.ok) throw new Error(opened.reason);
    const { stream } = opened;
    feed(stream, before.audio);
    // The recogniser starts without blocking the event loop (its pipe is made by a child process).
    const killed = await eventually(async () => stream.recogniserPid());
    process.kill(killed, 'SIGKILL');
    await eventually(async () => (stream.restarts() === 1 && stream.recogniserPid() !== undefined ? true : undefined));
    expect(stream.recogniserPid()).not.toBe(killed);
    feed(stream, after.audio);
    await stream.end();

    expect(heard.map((h) => h.phrase)).toEqual(['take me off your list']);
    const said = after.placed[1]!;
    expect(heard[0]!.startMs).toBeGreaterThanOrEqual(before.seconds * 1_000 + said.startMs - 300);
    expect(spotter.activeStreams()).toBe(0);
  }, 60_000);

  it('refuses a stream beyond the cap with its reason, and takes one again once a stream ends', async () => {
    const spotter = createObjectionSpotter({ maxStreams: 1 });
    const options = { phrases: spottingPhrases(), format: mulaw8k, onObjection: () => {} };
    const first = spotter.open(options);
    expect(first.ok).toBe(true);
    expect(spotter.open(options)).toEqual({ ok: false, reason: 'at-capacity' });
    if (first.ok) await first.stream.end();
    const again = spotter.open(options);
    expect(again.ok).toBe(true);
    await spotter.close();
    expect(spotter.activeStreams()).toBe(0);
    expect(createObjectionSpotter({ maxStreams: 0 }).open(options)).toEqual({ ok: false, reason: 'turned-off' });
  }, 30_000);
});
