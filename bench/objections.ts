/**
 * Objection spotting accuracy on a test set made at run time: espeak-ng voices and speeds say each objection inside
 * carrier sentences, and ordinary call talk, through G.711 µ-law at 8 kHz, clean and with noise; the spotter hears it
 * as it would hear a call. Prints recall and false alarms (per 10 minutes of non-objection speech) per phrase, and the
 * recogniser's CPU per second of audio.
 *
 *   npm run bench:objections -- [--exponents=-20,0,20] [--quick]
 *
 * With --exponents every phrase is tried at each threshold (one pass each) to tune server/platform/speech/phrases.ts.
 * Audio is written nowhere but memory; the recogniser reads it from a pipe.
 */
import { cpus, loadavg } from 'node:os';
import { DEFAULT_OBJECTION_PHRASES } from '../shared/constants.js';
import {
  createObjectionSpotter,
  speechProblem,
  type ObjectionHeard,
} from '../server/platform/speech/objection-spotter.js';
import { spottingPhrases, type SpottingPhrase } from '../server/platform/speech/phrases.js';
import { assemble, speak, toNarrowband, type Utterance } from './objection-audio.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const sweep = args
  .find((a) => a.startsWith('--exponents='))
  ?.slice('--exponents='.length)
  .split(',')
  .map(Number);

const VOICES = quick ? ['en-us', 'en-gb+f3'] : ['en-us', 'en-gb', 'en-us+f3', 'en-gb-x-rp+m3'];
const SPEEDS = quick ? [150] : [140, 180];
const NOISE_RMS = [0, 400];
const CARRIERS = ['Honestly, {}.', 'Look, {}, okay?'];
const NEUTRAL = [
  'Hello, this is Sam speaking, who is calling please?',
  'Yes, I got your letter last week and I read some of it.',
  'We moved into the house about three years ago.',
  'My husband usually handles the bills, but he is at work right now.',
  'How long does the installation take from start to finish?',
  'What kind of warranty comes with the panels?',
  'I think our electric bill is around two hundred dollars a month.',
  'Can you tell me a bit more about the monthly payment?',
  'We have a big oak tree on the south side of the roof.',
  'Sure, go ahead, I have a few minutes before lunch.',
  'Our neighbours did something like this last summer.',
  'Is there any money down, or does it start later?',
  'The roof was replaced maybe five years ago, I believe.',
  'My daughter works from home, so we use a lot of power.',
  'What company did you say you were with again?',
  'We usually get home around six in the evening.',
  'I would want to look at the numbers with my wife first.',
  'Okay, and how does the tax credit work exactly?',
  'The dog is barking, give me one second please.',
  'Right, that makes sense, thank you for explaining it.',
  'We were thinking about a new water heater as well.',
  'How many people in our area have signed up so far?',
];

async function spot(
  audio: Uint8Array,
  phrases: SpottingPhrase[],
): Promise<{ heard: ObjectionHeard[]; cpuSeconds: number }> {
  const spotter = createObjectionSpotter({ maxStreams: 1 });
  const heard: ObjectionHeard[] = [];
  const opened = spotter.open({
    phrases,
    format: { encoding: 'mulaw', sampleRate: 8000 },
    onObjection: (h) => heard.push(h),
  });
  if (!opened.ok) throw new Error(`stream refused: ${opened.reason}`);
  const cpuBefore = await childrenCpu();
  for (let i = 0; i < audio.length; i += 1_600) opened.stream.write(audio.subarray(i, i + 1_600));
  await opened.stream.end();
  return { heard, cpuSeconds: (await childrenCpu()) - cpuBefore };
}

/** CPU of this process's waited-for children (the recognisers), from /proc: the bench runs one at a time for this. */
async function childrenCpu(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Tally {
  said: number;
  found: number;
  falseOnNeutral: number;
}

async function main() {
  const problem = speechProblem();
  if (problem) throw new Error(problem);
  const exponents = sweep ?? [undefined];
  const tallies = new Map<string, Tally>();
  let neutralSeconds = 0;
  let audioSeconds = 0;
  let cpuSeconds = 0;
  const objectionUtterances: Utterance[] = DEFAULT_OBJECTION_PHRASES.flatMap((phrase) =>
    CARRIERS.map((c) => ({ text: c.replace('{}', phrase), phrase })),
  );
  const neutralUtterances: Utterance[] = NEUTRAL.map((text) => ({ text }));

  for (const voice of VOICES) {
    for (const speed of SPEEDS) {
      const objectionClips = await Promise.all(
        objectionUtterances.map(async (u) => toNarrowband(await speak(voice, speed, u.text))),
      );
      const neutralClips = await Promise.all(
        neutralUtterances.map(async (u) => toNarrowband(await speak(voice, speed, u.text))),
      );
      for (const noiseRms of NOISE_RMS) {
        const objections = assemble(objectionClips, objectionUtterances, noiseRms);
        const neutral = assemble(neutralClips, neutralUtterances, noiseRms);
        for (const exponent of exponents) {
          neutralSeconds += exponent === exponents[0] ? neutral.seconds : 0;
          const phrases = spottingPhrases().map((p) =>
            exponent === undefined ? p : { ...p, thresholdExponent: exponent },
          );
          const inObjections = await spot(objections.audio, phrases);
          const inNeutral = await spot(neutral.audio, phrases);
          audioSeconds += objections.seconds + neutral.seconds;
          cpuSeconds += inObjections.cpuSeconds + inNeutral.cpuSeconds;
          for (const p of phrases) {
            const key = `${p.phrase}|${p.thresholdExponent}`;
            const tally = tallies.get(key) ?? { said: 0, found: 0, falseOnNeutral: 0 };
            for (const placed of objections.placed.filter((x) => x.utterance.phrase === p.phrase)) {
              tally.said++;
              if (
                inObjections.heard.some(
                  (h) => h.phrase === p.phrase && h.endMs >= placed.startMs - 300 && h.startMs <= placed.endMs + 300,
                )
              )
                tally.found++;
            }
            tally.falseOnNeutral += inNeutral.heard.filter((h) => h.phrase === p.phrase).length;
            tallies.set(key, tally);
          }
        }
        process.stderr.write(`done ${voice} ${speed} wpm noise ${noiseRms}\n`);
      }
    }
  }

  const conditions = VOICES.length * SPEEDS.length * NOISE_RMS.length;
  console.log(
    `voices ${VOICES.join(', ')}; speeds ${SPEEDS.join(', ')} wpm; noise RMS ${NOISE_RMS.join(', ')} (${conditions} conditions)`,
  );
  console.log(
    `non-objection speech: ${(neutralSeconds / 60).toFixed(1)} min; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log('\n| phrase | threshold | recall | false alarms / 10 min |\n|---|---|---|---|');
  for (const [key, t] of tallies) {
    const [phrase, exponent] = key.split('|');
    console.log(
      `| ${phrase} | 1e${exponent} | ${t.found}/${t.said} (${((100 * t.found) / t.said).toFixed(0)}%) | ${((t.falseOnNeutral * 600) / neutralSeconds).toFixed(2)} |`,
    );
  }
  console.log(
    `\nrecogniser CPU: ${cpuSeconds.toFixed(1)} s for ${audioSeconds.toFixed(0)} s of audio = real-time factor ${(cpuSeconds / audioSeconds).toFixed(3)} per stream`,
  );
}

await main();
