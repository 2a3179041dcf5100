import { ObjectId } from 'mongodb';
import { normalizePhone } from '../../../shared/schemas/dialer/messages.js';
import type { SeedStep } from '../feature.js';
import { findCampaignById, findCampaignBySlug, TEST_CALLS_SLUG } from '../campaigns/public.js';
import { listLeads } from '../leads/public.js';
import { findUserByEmail } from '../users/public.js';
import type { CallOutcome, TimelineEntry } from './machine.js';
import { refreshCallInsights } from './insights-refresh.js';
import { recordingWav } from './recording.js';
import { storeRecording } from './recording-store.js';
import { findCallByDialKey, insertCall, type CallDoc } from './repository.js';

const HOUR = 3600 * 1000;

/**
 * Finished calls in the demo agent's Call History, one per outcome, as the simulator would have left
 * them. `dialKey` (unique, never shown to clients) makes each one a single row however often this runs.
 */
const DEMO_CALLS: Array<{
  key: string;
  outcome: CallOutcome;
  hoursAgo: number;
  ringSeconds: number;
  talkSeconds: number;
  notes: string;
}> = [
  {
    key: 'answered',
    outcome: 'answered',
    hoursAgo: 26,
    ringSeconds: 9,
    talkSeconds: 184,
    notes: 'Interested; wants a quote for next quarter. Follow up Thursday.',
  },
  {
    key: 'voicemail',
    outcome: 'voicemail',
    hoursAgo: 5,
    ringSeconds: 22,
    talkSeconds: 31,
    notes: 'Left a voicemail with a call-back number.',
  },
  { key: 'missed', outcome: 'missed', hoursAgo: 2, ringSeconds: 30, talkSeconds: 0, notes: '' },
];

/** An id whose time part is the call's start, so the history (newest id first) lists calls in time order. */
function idAt(at: Date): ObjectId {
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return new ObjectId(seconds + new ObjectId().toHexString().slice(8));
}

function timelineOf(outcome: CallOutcome, startedAt: Date, ringSeconds: number, talkSeconds: number) {
  const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const connectedAt = outcome === 'missed' ? undefined : at(ringSeconds);
  const endedAt = at(ringSeconds + talkSeconds);
  const idleAt = at(ringSeconds + talkSeconds + 1);
  const timeline: TimelineEntry[] = [{ state: 'calling', at: startedAt }];
  if (outcome === 'missed') {
    timeline.push({ state: 'ended', at: endedAt, reason: 'no-answer' });
  } else {
    timeline.push({ state: 'connected', at: connectedAt!, reason: outcome });
    if (outcome === 'answered') {
      // The agent wrapped up the call: ending, then ended a moment later.
      timeline.push(
        { state: 'ending', at: new Date(endedAt.getTime() - 1000), reason: 'agent' },
        { state: 'ended', at: endedAt, reason: 'agent' },
      );
    } else {
      timeline.push({ state: 'ended', at: endedAt, reason: 'callee' });
    }
  }
  timeline.push({ state: 'idle', at: idleAt });
  return { timeline, connectedAt, endedAt, idleAt };
}

export const callsSeedStep: SeedStep = {
  name: 'demo calls',
  after: ['demo accounts', 'campaigns', 'leads'],
  async run(platform) {
    const agent = await findUserByEmail(platform.db, 'agent@demo.test');
    if (!agent) return;
    // Test lines are no customers: the history's demo calls are to leads of the demo campaigns.
    const testCalls = await findCampaignBySlug(platform.db, TEST_CALLS_SLUG);
    const leads = (await listLeads(platform.db, { scope: { assignedTo: agent._id }, limit: 50 })).filter(
      (lead) => lead.phone && lead.stage !== 'Closed' && !(testCalls && lead.campaignId.equals(testCalls._id)),
    );
    const now = platform.clock.now();
    for (const [i, demo] of DEMO_CALLS.entries()) {
      const dialKey = `demo-seed-${demo.key}`;
      const lead = leads[i];
      if (!lead?.phone || (await findCallByDialKey(platform.db, dialKey))) continue;
      const campaign = await findCampaignById(platform.db, lead.campaignId);
      const startedAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
      const { timeline, connectedAt, endedAt, idleAt } = timelineOf(
        demo.outcome,
        startedAt,
        demo.ringSeconds,
        demo.talkSeconds,
      );
      const call: CallDoc = {
        _id: idAt(startedAt),
        agentId: agent._id,
        leadId: lead._id,
        phone: lead.phone,
        phoneDigits: normalizePhone(lead.phone),
        name: lead.name,
        ...(campaign ? { campaignId: campaign._id, campaignName: campaign.name } : {}),
        direction: 'outbound',
        state: 'idle',
        status: demo.outcome,
        ...(demo.outcome !== 'missed' ? { reached: demo.outcome } : {}),
        muted: false,
        startedAt,
        ...(connectedAt ? { connectedAt } : {}),
        endedAt,
        idleAt,
        duration: demo.talkSeconds,
        timeline,
        notes: demo.notes,
        autoDialed: false,
        dialKey,
        provider: platform.phone.displayName,
      };
      // The recording is stored first under the call's id, as the live dialer does, so the row never points at nothing.
      if (demo.outcome === 'answered')
        call.recordingId = await storeRecording(
          platform.db,
          call._id,
          agent._id,
          recordingWav(demo.talkSeconds, call.phoneDigits),
        );
      await insertCall(platform.db, call);
      // Written straight in, so its day is rolled up the way an ended call's is.
      await refreshCallInsights(platform, call);
    }
  },
};
