import type { CallView } from '../../../shared/schemas/dialer/call.js';
import type { QueueView } from '../../../shared/schemas/dialer/queue.js';
import type { DncEntry } from '../../../shared/schemas/dialer/dnc.js';
import type { Platform } from '../../platform/context.js';
import { signFileLink } from '../../platform/file-links.js';
import { toQualitySummary } from './quality.js';
import type { CallDoc, DialQueueDoc, DncDoc } from './repository.js';

export const recordingUrl = (callId: string) => `/api/calls/${callId}/recording`;

/** A call's recording URL signed for one viewer (`?sig=`), so an <audio src> can stream it with range requests. */
export type RecordingLink = (callId: string) => string;
export const signedRecordingLink =
  (platform: Platform, viewerId: string): RecordingLink =>
  (callId) =>
    `${recordingUrl(callId)}?sig=${signFileLink(platform, 'recording', callId, viewerId)}`;

/** `recordingLink` signs the recording URL for the viewer; without it the URL needs the bearer header. */
export function toCallView(doc: CallDoc, agentName?: string, recordingLink?: RecordingLink): CallView {
  const id = doc._id.toHexString();
  const view: CallView = {
    id,
    agentId: doc.agentId.toHexString(),
    name: doc.name,
    phone: doc.phone,
    direction: doc.direction,
    state: doc.state,
    muted: doc.muted,
    held: Boolean(doc.held),
    notes: doc.notes ?? '',
    startedAt: doc.startedAt.toISOString(),
    duration: doc.duration ?? 0,
    autoDialed: Boolean(doc.autoDialed),
    version: doc.version ?? 0,
    timeline: doc.timeline.map((t) => ({
      state: t.state,
      at: t.at.toISOString(),
      ...(t.reason ? { reason: t.reason } : {}),
    })),
  };
  if (agentName) view.agentName = agentName;
  if (doc.leadId) view.leadId = doc.leadId.toHexString();
  if (doc.campaignId) view.campaignId = doc.campaignId.toHexString();
  if (doc.campaignName) view.campaignName = doc.campaignName;
  if (doc.status) view.status = doc.status;
  if (doc.connectedAt) view.connectedAt = doc.connectedAt.toISOString();
  if (doc.endedAt) view.endedAt = doc.endedAt.toISOString();
  if (doc.endedBy) view.endedBy = doc.endedBy;
  if (doc.sipStatus !== undefined) view.sipStatus = doc.sipStatus;
  if (doc.leadKeys?.length) view.leadKeys = doc.leadKeys.join('');
  if (doc.recorded && (doc.state === 'connected' || doc.state === 'ending')) view.recording = true;
  if (doc.ringingAt && doc.state === 'calling') view.ringing = doc.earlyMedia ? 'early-media' : 'local';
  if (doc.dialResult) view.dialResult = doc.dialResult;
  if (doc.sipCause) view.sipCause = doc.sipCause;
  if (doc.quality?.samples) view.quality = toQualitySummary(doc.quality);
  if (doc.recordingOff) view.recordingOff = { ...doc.recordingOff };
  // A lead's voicemail (they called in and nobody could answer) is their message: playable as a recording too.
  if (doc.recordingId && (doc.status === 'answered' || (doc.direction === 'inbound' && doc.status === 'voicemail')))
    view.recordingUrl = recordingLink ? recordingLink(id) : recordingUrl(id);
  return view;
}

export function toQueueView(doc: DialQueueDoc): QueueView {
  return {
    contacts: doc.contacts.map((c) => ({
      id: c.id,
      ...(c.leadId ? { leadId: c.leadId } : {}),
      name: c.name,
      phone: c.phone,
      ...(c.skipReason ? { skipReason: c.skipReason } : {}),
    })),
    autoDial: doc.autoDial,
    version: doc.version ?? 0,
    ...(doc.pausedReason ? { pausedReason: doc.pausedReason } : {}),
    ...(doc.notice ? { notice: doc.notice } : {}),
  };
}

export function toDncEntry(doc: DncDoc): DncEntry {
  return {
    id: doc._id.toHexString(),
    phone: doc.phone,
    scope: doc.scope === 'global' ? 'global' : 'campaign',
    ...(doc.scope !== 'global' ? { campaignId: doc.scope } : {}),
    ...(doc.reason ? { reason: doc.reason } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}
