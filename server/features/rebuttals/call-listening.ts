import { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { createObjectionSpotter, type ObjectionSpotter } from '../../platform/speech/objection-spotter.js';
import { transcribeLeadAudio, type TranscriptLine } from '../../platform/speech/transcriber.js';
import { LEAD_AUDIO_FORMAT, type LeadAudio } from '../../platform/telephony/lead-audio.js';
import { findCampaignById } from '../campaigns/public.js';
import { findCall } from '../dialer/public.js';
import type { Stop } from '../feature.js';
import { emitRebuttalAssist } from './events.js';
import { assistCall } from './live-suggestions.js';
import { saveCallObjections, saveCallTranscript } from './repository.js';

/** The transcript covers the first 5 minutes of the lead's side (8000 µ-law bytes a second): its CPU stays bounded. */
const TRANSCRIBED_BYTES = 5 * 60 * 8_000;

/**
 * What the rebuttals feature runs in every process whose phone provider hears the lead's side of its calls (the room
 * provider's relay, the simulator's talking leads): one objection spotter per node, capped at SPEECH_MAX_STREAMS, a
 * stream per answered call. After a listened call ends, the objections heard are stored with it and its lead's side
 * is transcribed, one call at a time per node.
 */
export function startCallListening(platform: Platform): Stop {
  const source = platform.phone.leadAudio;
  if (!source) return () => undefined;
  const spotter = createObjectionSpotter({ maxStreams: platform.config.speechMaxStreams, log: platform.log });
  let transcribing: Promise<unknown> = Promise.resolve();
  const inTurn = (work: () => Promise<TranscriptLine[] | null>) => {
    const next = transcribing.then(work, work);
    transcribing = next.catch(() => undefined);
    return next;
  };
  const listening = new Set<Promise<void>>();
  const unsubscribe = source.subscribe((lead) => {
    const done = listenToCall(platform, spotter, lead, inTurn).catch((error: unknown) =>
      platform.log.warn({ err: error, callId: lead.callId }, 'call not listened to for objections'),
    );
    listening.add(done);
    void done.finally(() => listening.delete(done));
  });
  return async () => {
    unsubscribe();
    await spotter.close();
    await Promise.allSettled([...listening]);
  };
}

async function listenToCall(
  platform: Platform,
  spotter: ObjectionSpotter,
  lead: LeadAudio,
  inTurn: (work: () => Promise<TranscriptLine[] | null>) => Promise<TranscriptLine[] | null>,
): Promise<void> {
  const call = ObjectId.isValid(lead.callId) ? await findCall(platform.db, new ObjectId(lead.callId)) : null;
  if (!call) return;
  const campaign = call.campaignId ? await findCampaignById(platform.db, call.campaignId) : null;
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  async function* keepingForTranscript() {
    for await (const chunk of lead.audio) {
      if (keptBytes < TRANSCRIBED_BYTES) {
        kept.push(chunk);
        keptBytes += chunk.length;
      }
      yield chunk;
    }
  }
  const agentId = call.agentId.toHexString();
  const assisted = assistCall(
    platform,
    spotter,
    {
      callId: lead.callId,
      agentId,
      campaignSlug: campaign?.slug ?? '',
      audioStartedAt: () => lead.audioStartedAt,
      ...(campaign?.objectionPhrases?.length ? { phrases: campaign.objectionPhrases } : {}),
    },
    keepingForTranscript(),
    LEAD_AUDIO_FORMAT,
  );
  emitRebuttalAssist(
    platform,
    agentId,
    assisted.assisted
      ? { callId: lead.callId, assisted: true }
      : { callId: lead.callId, assisted: false, reason: assisted.reason },
  );
  if (!assisted.assisted) {
    platform.log.info({ callId: lead.callId, reason: assisted.reason }, 'call goes on without live rebuttals');
    return;
  }
  const heard = await assisted.done;
  // Recording time: the audio began with its first packet, a moment after the answer.
  const shift = Math.max(0, Math.round((lead.audioStartedAt ?? lead.answeredAt) - lead.answeredAt));
  await saveCallObjections(platform.db, {
    callId: call._id,
    agentId: call.agentId,
    ...(call.campaignId ? { campaignId: call.campaignId } : {}),
    ...(call.leadId ? { leadId: call.leadId } : {}),
    objections: heard.map((h) => ({
      phrase: h.phrase,
      startMs: h.startMs + shift,
      endMs: h.endMs + shift,
      rebuttalId: h.rebuttalId && ObjectId.isValid(h.rebuttalId) ? new ObjectId(h.rebuttalId) : null,
      script:
        h.script && ObjectId.isValid(h.script.scriptId)
          ? { scriptId: new ObjectId(h.script.scriptId), title: h.script.title, text: h.script.text }
          : null,
    })),
    createdAt: platform.clock.now(),
  });
  const lines = await inTurn(() => transcribeLeadAudio(Buffer.concat(kept)));
  if (lines)
    await saveCallTranscript(platform.db, {
      callId: call._id,
      agentId: call.agentId,
      lines: lines.map((line) => ({ ...line, atMs: line.atMs + shift })),
      createdAt: platform.clock.now(),
    });
}
