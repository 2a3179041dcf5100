import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { muLawToPcm16, upsample8kTo16k } from './g711.js';
import { speechProblem } from './objection-spotter.js';

const run = promisify(execFile);

/** One utterance of the lead, in ms from the start of its audio. */
export interface TranscriptLine {
  atMs: number;
  text: string;
}

/** `<s> 1.230 1.250 0.999`: where an utterance starts in `-time yes` output. */
const UTTERANCE_START = /^<s>\s+(\d+\.\d+)\s/;
/** A timed word line; the untimed line before an utterance's words is its hypothesis. */
const TIMED_WORD = /^\S+\s+\d+\.\d+\s+\d+\.\d+\s+-?[\d.]+$/;

/**
 * The lead's side of an ended call as text, best effort: pocketsphinx's en-us language model (large-vocabulary mode,
 * unlike the live keyword search) over the 8 kHz µ-law audio. Run niced and one call at a time by the caller: it costs
 * about half a second of CPU per second of speech. Null when the recogniser is missing.
 */
export async function transcribeLeadAudio(mulaw: Uint8Array): Promise<TranscriptLine[] | null> {
  if (speechProblem()) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-transcript-'));
  try {
    const pcm = upsample8kTo16k(muLawToPcm16(mulaw), 0);
    const file = path.join(dir, 'lead.raw');
    writeFileSync(file, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    const { stdout } = await run(
      'nice',
      ['-n', '10', 'pocketsphinx_continuous', '-infile', file, '-time', 'yes', '-logfn', '/dev/null'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const lines: TranscriptLine[] = [];
    let hypothesis = '';
    for (const raw of stdout.split('\n')) {
      const line = raw.trim();
      const start = UTTERANCE_START.exec(line);
      if (start) {
        if (hypothesis) lines.push({ atMs: Math.round(Number(start[1]) * 1_000), text: hypothesis });
        hypothesis = '';
      } else if (line && !TIMED_WORD.test(line)) hypothesis = line;
    }
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
