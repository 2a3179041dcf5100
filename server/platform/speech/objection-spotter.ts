import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { Socket } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Logger } from '../logger.js';
import { muLawToPcm16, upsample8kTo16k } from './g711.js';
import { keywordSearch, type SpottingPhrase } from './phrases.js';

/** A phrase heard, in milliseconds from the start of the stream's audio. */
export interface ObjectionHeard {
  phrase: string;
  startMs: number;
  endMs: number;
}

export interface AudioFormat {
  encoding: 'mulaw' | 'pcm16';
  sampleRate: 8000 | 16000;
}

export interface SpottingStream {
  /** Raw audio in the stream's format (µ-law: a byte a sample; PCM: 16-bit little-endian). */
  write(chunk: Uint8Array): void;
  /** Stops listening; resolves once the recogniser has reported what it heard and exited. */
  end(): Promise<void>;
  /** The live recogniser's process id (tests stop it to see the supervisor bring it back). */
  recogniserPid(): number | undefined;
  /** How many times its recogniser died and was started again. */
  restarts(): number;
}

export type StreamRefusal = 'at-capacity' | 'recogniser-missing' | 'turned-off';

export type OpenedStream = { ok: true; stream: SpottingStream } | { ok: false; reason: StreamRefusal };

export interface ObjectionSpotter {
  open(options: {
    phrases: SpottingPhrase[];
    format: AudioFormat;
    onObjection: (heard: ObjectionHeard) => void;
  }): OpenedStream;
  activeStreams(): number;
  close(): Promise<void>;
}

const RECOGNISER = 'pocketsphinx_continuous';
const MODEL_RATE = 16_000;
/**
 * How much the search's "any other speech" phone loop is penalised against the phrases. The default (1e-1) let the
 * loop win on two-word phrases at every threshold on the test set; 1e-10 lets the per-phrase thresholds decide.
 */
const PHONE_LOOP_PENALTY = '1e-10';
const makeFifo = promisify(execFile);
/** Audio kept while a recogniser starts: 60 s at the model's rate, 1.9 MB (a start takes milliseconds; a loaded node more). */
const STARTING_BUFFER_BYTES = 60 * MODEL_RATE * 2;
/** Niceness of each recogniser process (0 = the node's own, 19 = the lowest). */
const RECOGNISER_NICENESS = 10;
/** Back-off between restarts of a dying recogniser; after this many in a minute the stream gives up (a bad phrase list would crash it every time). */
const RESTART_DELAYS_MS = [100, 250, 500, 1_000, 2_000];

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), fsConstants.X_OK);
      return path.join(dir, name);
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** The pronouncing dictionary of pocketsphinx-en-us, found beside the program (<prefix>/bin -> <prefix>/share). */
function dictionaryPath(program: string): string {
  return path.join(
    path.dirname(path.dirname(program)),
    'share',
    'pocketsphinx',
    'model',
    'en-us',
    'cmudict-en-us.dict',
  );
}

let dictionaryText: string | undefined;
/** Read once per process (3 MB): every stream picks its phrases' words out of it. */
function dictionary(program: string): string {
  dictionaryText ??= readFileSync(dictionaryPath(program), 'utf8');
  return dictionaryText;
}

/** What is missing for objection spotting on this machine, as one sentence, or null. */
export function speechProblem(): string | null {
  const program = onPath(RECOGNISER);
  if (program && existsSync(dictionaryPath(program))) return null;
  return 'pocketsphinx_continuous or its en-us model is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us.';
}

/** `1.230 1.870` style seconds from `-time yes`: a detection's phrase, start, end and confidence. */
const TIMED_DETECTION = /^(.+?)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+-?[\d.]+\s*$/;

/**
 * One recogniser process per live stream, up to `maxStreams` on this node: pocketsphinx decodes one audio stream per
 * process, and a process of its own per call means a crash loses one call's assistance, never another's, and is
 * restarted while the call goes on. Beyond the cap a stream is refused so the call goes unassisted instead of every
 * stream falling behind real time.
 */
export function createObjectionSpotter(options: { maxStreams: number; log?: Logger }): ObjectionSpotter {
  const live = new Set<SpottingStream>();
  const program = onPath(RECOGNISER);
  // stdbuf makes the recogniser's stdout line-buffered: piped, its detections would otherwise wait for a full buffer.
  const lineBuffer = onPath('stdbuf');

  return {
    open({ phrases, format, onObjection }) {
      if (options.maxStreams === 0) return { ok: false, reason: 'turned-off' };
      if (!program || speechProblem()) return { ok: false, reason: 'recogniser-missing' };
      if (live.size >= options.maxStreams) return { ok: false, reason: 'at-capacity' };
      const stream = openStream({
        program,
        lineBuffer,
        phrases,
        format,
        onObjection,
        log: options.log,
        onEnd: () => live.delete(stream),
      });
      live.add(stream);
      return { ok: true, stream };
    },
    activeStreams: () => live.size,
    async close() {
      await Promise.all([...live].map((stream) => stream.end()));
    },
  };
}

interface StreamSetup {
  program: string;
  lineBuffer: string | null;
  phrases: SpottingPhrase[];
  format: AudioFormat;
  onObjection: (heard: ObjectionHeard) => void;
  log?: Logger;
  onEnd: () => void;
}

function openStream(setup: StreamSetup): SpottingStream {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-speech-'));
  const search = keywordSearch(setup.phrases, dictionary(setup.program));
  if (search.unknown.length)
    setup.log?.warn(
      { phrases: search.unknown },
      'objection phrases with words the recogniser does not know are not listened for',
    );
  const kwsFile = path.join(dir, 'phrases.kws');
  const dictFile = path.join(dir, 'phrases.dict');
  writeFileSync(kwsFile, search.kws);
  writeFileSync(dictFile, search.dict);
  const known = new Set(setup.phrases.map((p) => p.phrase));
  /** The latest detections: several pronunciations of one phrase can fire on the same words (printed newest first). */
  const recent: ObjectionHeard[] = [];

  let child: ChildProcess | undefined;
  let audioIn: Socket | undefined;
  let fifo = '';
  let ended = false;
  let restarts = 0;
  let recentRestarts: number[] = [];
  /** Model-rate samples sent so far: a restarted recogniser counts from zero, so its times are shifted by this. */
  let samplesSent = 0;
  let lastNarrowSample = 0;
  let exited: Promise<void> = Promise.resolve();
  /** The latest start (its pipe, then the process): an end waits for it, so the audio written before it is heard. */
  let startup: Promise<void> = Promise.resolve();
  /** The audio written while the recogniser's pipe is being made (at most STARTING_BUFFER_BYTES); then undefined. */
  let starting: Buffer[] | undefined;
  let startingBytes = 0;

  const start = async () => {
    const offsetMs = (samplesSent / MODEL_RATE) * 1_000;
    // The audio goes through a named pipe: Node gives a child's stdin as a socket, which `-infile /dev/stdin` cannot open.
    // Made without blocking: a synchronous `mkfifo` held the API's event loop while a loaded machine got round to it
    // (stalls of up to 2 s at 25 agents in bench:capacity). The audio written meanwhile waits in `starting`.
    starting = [];
    const pipe = path.join(dir, `audio-${restarts}.raw`);
    await makeFifo('mkfifo', [pipe]);
    fifo = pipe;
    // Opened read-write so the open does not wait for the recogniser; the socket writes without blocking the event loop.
    audioIn = new Socket({
      fd: openSync(fifo, fsConstants.O_RDWR | fsConstants.O_NONBLOCK),
      readable: false,
      writable: true,
    });
    audioIn.on('error', () => {
      // a recogniser that died mid-write: its close handler restarts it
    });
    for (const chunk of starting ?? []) audioIn.write(chunk);
    starting = undefined;
    startingBytes = 0;
    const args = [
      '-infile',
      fifo,
      '-kws',
      kwsFile,
      '-kws_plp',
      PHONE_LOOP_PENALTY,
      '-dict',
      dictFile,
      '-time',
      'yes',
      '-dither',
      'yes',
      '-logfn',
      '/dev/null',
    ];
    const proc = setup.lineBuffer
      ? spawn(setup.lineBuffer, ['-oL', setup.program, ...args], { stdio: ['ignore', 'pipe', 'ignore'] })
      : spawn(setup.program, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    // Below the node's own priority: on a busy node the scheduler serves call control first and a recogniser that
    // falls behind only reports later (bench/objection-streams.ts measures it).
    if (proc.pid !== undefined)
      try {
        setPriority(proc.pid, RECOGNISER_NICENESS);
      } catch {
        // not permitted here: it runs at the node's priority
      }
    child = proc;
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const match = TIMED_DETECTION.exec(line.trim());
      const phrase = match && search.phraseOf(match[1]!);
      if (!match || !phrase || !known.has(phrase)) return;
      const heard = {
        phrase,
        startMs: Math.round(offsetMs + Number(match[2]) * 1_000),
        endMs: Math.round(offsetMs + Number(match[3]) * 1_000),
      };
      if (recent.some((r) => r.phrase === phrase && r.startMs <= heard.endMs && heard.startMs <= r.endMs)) return;
      recent.push(heard);
      if (recent.length > 20) recent.shift();
      setup.onObjection(heard);
    });
    // 'close', not 'exit': the last detections may still be in the stdout pipe when the process exits.
    exited = new Promise((resolve) =>
      proc.on('close', (code, signal) => {
        if (child === proc) {
          child = undefined;
          audioIn?.destroy();
        }
        resolve();
        if (!ended) restartAfterDeath(code, signal);
      }),
    );
  };

  /** A recogniser that cannot be started (no pipe in the temp dir) leaves the call unassisted. */
  const begin = () => {
    startup = start().catch((error: Error) => {
      starting = undefined;
      setup.log?.error({ err: error }, 'objection recogniser could not start: this call goes on unassisted');
      void finish();
    });
  };

  const restartAfterDeath = (code: number | null, signal: NodeJS.Signals | null) => {
    const now = Date.now();
    recentRestarts = recentRestarts.filter((at) => now - at < 60_000);
    if (recentRestarts.length >= RESTART_DELAYS_MS.length) {
      setup.log?.error({ code, signal }, 'objection recogniser keeps dying: this call goes on unassisted');
      void finish();
      return;
    }
    const delay = RESTART_DELAYS_MS[recentRestarts.length]!;
    recentRestarts.push(now);
    restarts++;
    setup.log?.warn({ code, signal, delayMs: delay }, 'objection recogniser died: restarting it');
    setTimeout(() => {
      if (!ended) begin();
    }, delay).unref();
  };

  const toModelRate = (chunk: Uint8Array): Int16Array => {
    const pcm =
      setup.format.encoding === 'mulaw'
        ? muLawToPcm16(chunk)
        : new Int16Array(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + (chunk.byteLength & ~1)));
    if (setup.format.sampleRate === MODEL_RATE) return pcm;
    const wide = upsample8kTo16k(pcm, lastNarrowSample);
    if (pcm.length) lastNarrowSample = pcm[pcm.length - 1]!;
    return wide;
  };

  const finish = async () => {
    if (ended) return;
    ended = true;
    await startup;
    // end() alone would leave the pipe open (a named pipe has no half-close): the recogniser sees the end of its audio only once it is closed.
    const input = audioIn;
    if (input && input.writableLength > 0) input.once('drain', () => input.destroy());
    else input?.destroy();
    // A recogniser still opening its pipe waits for a writer: one opened and closed at once lets it through to the end
    // of its audio. Until it has the pipe open for reading (ENXIO), the open is tried again.
    const releaseReader = () => {
      try {
        closeSync(openSync(fifo, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK));
        return true;
      } catch {
        return false;
      }
    };
    const retry = releaseReader() ? undefined : setInterval(() => releaseReader() && clearInterval(retry), 200);
    await exited;
    clearInterval(retry);
    rmSync(dir, { recursive: true, force: true });
    setup.onEnd();
  };

  begin();
  return {
    write(chunk) {
      if (ended) return;
      const samples = toModelRate(chunk);
      // While a dead recogniser waits for its restart the audio is dropped, but still counted so later times stay true.
      samplesSent += samples.length;
      const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
      if (starting) {
        if (startingBytes + bytes.length <= STARTING_BUFFER_BYTES) {
          starting.push(bytes);
          startingBytes += bytes.length;
        }
      } else if (child && audioIn && !audioIn.destroyed) audioIn.write(bytes);
    },
    end: finish,
    recogniserPid: () => child?.pid,
    restarts: () => restarts,
  };
}
