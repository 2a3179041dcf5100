// The recording and monitoring announcement a lead hears on answer (issue 30, "Disclosure and consent"): spoken by
// espeak-ng on this machine the first time a process needs it and kept as 8 kHz mu-law in the data directory's
// cache, so no audio file is committed and later processes read it instead of speaking it again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RECORDING_ANNOUNCEMENT_TEXT } from '../../../shared/schemas/campaigns/recording-consent.js';
import { leadLine } from '../speech/lead-speech.js';

/** A breath before the words (the lead is still bringing the phone to the ear) and after them. */
const PAUSE_BEFORE_MS = 300;
const PAUSE_AFTER_MS = 300;

const made = new Map<string, Promise<Buffer>>();

/** The cache file: named by what is said, so a changed text makes a new file. */
function announcementFile(cacheDir: string): string {
  const key = createHash('sha256')
    .update(`${RECORDING_ANNOUNCEMENT_TEXT}|${PAUSE_BEFORE_MS}|${PAUSE_AFTER_MS}`)
    .digest('hex')
    .slice(0, 12);
  return path.join(cacheDir, `recording-announcement-${key}.ulaw`);
}

/** The announcement as 8 kHz mu-law, one byte a sample: from the cache, else made with espeak-ng and cached. */
export function recordingAnnouncement(cacheDir: string): Promise<Buffer> {
  const file = announcementFile(cacheDir);
  let audio = made.get(file);
  if (!audio) {
    audio = readFile(file).catch(async () => {
      const line = await leadLine(RECORDING_ANNOUNCEMENT_TEXT, PAUSE_BEFORE_MS, PAUSE_AFTER_MS);
      const bytes = Buffer.from(line.audio);
      // Written aside and renamed: another process reading the cache never sees half a file. A cache that cannot be
      // written (a read-only data directory) only means the next process speaks it again.
      const partial = `${file}.${process.pid}.partial`;
      await mkdir(cacheDir, { recursive: true })
        .then(() => writeFile(partial, bytes))
        .then(() => rename(partial, file))
        .catch(() => undefined);
      return bytes;
    });
    // A failure (no espeak-ng) is tried again on the next call rather than remembered.
    audio.catch(() => made.delete(file));
    made.set(file, audio);
  }
  return audio;
}
