import type { RebuttalSuggestedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';
import type { AudioFormat, ObjectionSpotter, StreamRefusal } from '../../platform/speech/objection-spotter.js';
import { spottingPhrases } from '../../platform/speech/phrases.js';
import { findScripts } from '../scripts/public.js';
import { emitRebuttalSuggested } from './events.js';
import { findRebuttals, type RebuttalDoc } from './repository.js';
import { mentions, scriptAnswer } from './script-answers.js';

/** A library entry answers a heard phrase when its objection or one of its phrases contains the phrase's words. */
function answers(entry: RebuttalDoc, phrase: string): boolean {
  return mentions(entry.objection, phrase) || (entry.phrases ?? []).some((p) => mentions(p, phrase));
}

/**
 * The most-voted library entry of the call's campaign, else the most-voted any team wrote for that objection, else
 * the paragraph of the campaign's scripts that answers it (script-answers.ts), else none.
 */
export async function bestRebuttalFor(
  platform: Platform,
  campaignSlug: string,
  phrase: string,
): Promise<RebuttalSuggestedPayload['rebuttal']> {
  const matching = (await findRebuttals(platform.db)).filter((r) => answers(r, phrase));
  const best = matching.find((r) => r.campaign === campaignSlug) ?? matching[0];
  if (best) return { id: best._id.toHexString(), text: best.rebuttal, source: 'library', votes: best.votes ?? 0 };
  const fromScript = campaignSlug ? scriptAnswer(await findScripts(platform.db, campaignSlug), phrase) : null;
  return fromScript
    ? {
        id: fromScript.script._id.toHexString(),
        text: fromScript.text,
        source: 'script',
        scriptTitle: fromScript.script.title,
      }
    : null;
}

/** An objection heard in a call and the rebuttal the agent was shown for it (kept with the call afterwards). */
export interface SuggestedObjection {
  phrase: string;
  startMs: number;
  endMs: number;
  rebuttalId: string | null;
  /** The script paragraph shown when no library entry answered, as it read then (scripts change afterwards). */
  script: ShownScriptAnswer | null;
}

export interface ShownScriptAnswer {
  scriptId: string;
  title: string;
  text: string;
}

function shownScript(rebuttal: RebuttalSuggestedPayload['rebuttal']): ShownScriptAnswer | null {
  return rebuttal?.source === 'script'
    ? { scriptId: rebuttal.id, title: rebuttal.scriptTitle, text: rebuttal.text }
    : null;
}

function phraseEnd(call: CallToAssist, endMs: number): { phraseEndedAt?: string } {
  const startedAt = call.audioStartedAt?.();
  return startedAt === undefined ? {} : { phraseEndedAt: new Date(startedAt + endMs).toISOString() };
}

export interface CallToAssist {
  callId: string;
  agentId: string;
  campaignSlug: string;
  /** The campaign's objection phrases; missing = the defaults. */
  phrases?: string[];
  /** Wall-clock ms where the audio started, once known (live calls): each suggestion then says when its phrase ended. */
  audioStartedAt?: () => number | undefined;
}

/**
 * Listens to a call's lead audio and sends the agent the best rebuttal for each objection heard. Resolves at once with
 * whether the call is assisted (beyond the node's cap it is not, and the panel says why); the listening itself runs
 * until `audio` ends and never holds up the caller, so call control is not delayed by it.
 */
export function assistCall(
  platform: Platform,
  spotter: ObjectionSpotter,
  call: CallToAssist,
  audio: AsyncIterable<Uint8Array>,
  format: AudioFormat,
): { assisted: true; done: Promise<SuggestedObjection[]> } | { assisted: false; reason: StreamRefusal } {
  const suggestions: Promise<void>[] = [];
  const heardList: SuggestedObjection[] = [];
  const opened = spotter.open({
    phrases: spottingPhrases(call.phrases),
    format,
    onObjection: (heard) => {
      suggestions.push(
        bestRebuttalFor(platform, call.campaignSlug, heard.phrase)
          .then((rebuttal) => {
            heardList.push({
              ...heard,
              rebuttalId: rebuttal?.source === 'library' ? rebuttal.id : null,
              script: shownScript(rebuttal),
            });
            emitRebuttalSuggested(platform, call.agentId, {
              callId: call.callId,
              objection: heard.phrase,
              startMs: heard.startMs,
              endMs: heard.endMs,
              ...phraseEnd(call, heard.endMs),
              rebuttal,
            });
          })
          .catch((error: unknown) =>
            platform.log.warn({ err: error, callId: call.callId }, 'rebuttal suggestion not sent'),
          ),
      );
    },
  });
  if (!opened.ok) return { assisted: false, reason: opened.reason };
  const { stream } = opened;
  const done = (async () => {
    try {
      for await (const chunk of audio) stream.write(chunk);
    } finally {
      await stream.end();
      await Promise.all(suggestions);
    }
    return heardList.sort((a, b) => a.startMs - b.startMs);
  })();
  return { assisted: true, done };
}
