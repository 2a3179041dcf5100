import { ObjectId } from 'mongodb';
import type { TeamActivityItem, TeamActivityKind, TeamActivityToday } from '../../../shared/schemas/team/activity.js';
import type { Platform } from '../../platform/context.js';
import { earningsBySource, earningWindows, formatCents, OVERRIDE_LEVELS } from '../commissions/public.js';
import { markInvitationsAccepted } from '../invitations/public.js';
import { notify } from '../notifications/public.js';
import { findTreeUser, uplinesOf, downlineOf, type UserDoc } from '../users/public.js';
import { emitTeamActivityTo } from './events.js';
import {
  agentsOnCall,
  callFiguresSince,
  insertTeamActivity,
  recentTeamActivity,
  type TeamActivityDoc,
} from './repository.js';

export interface TeamActivityInput {
  kind: TeamActivityKind;
  campaignId?: ObjectId;
  leadName?: string;
  dealValue?: number;
  callId?: ObjectId;
  duration?: number;
  /** Defaults to a sentence made from the kind. */
  text?: string;
  /** Same key, same activity: recorded and pushed once. */
  key?: string;
}

function describe(name: string, input: TeamActivityInput): string {
  switch (input.kind) {
    case 'deal-closed':
      return `${name} closed a ${formatCents(input.dealValue ?? 0)} deal${input.leadName ? ` with ${input.leadName}` : ''}`;
    case 'lead-closed':
      return `${name} closed ${input.leadName ?? 'a lead'}`;
    case 'recruit-joined':
      return `${name} joined the team`;
    case 'call-started':
      return `${name} started a call${input.leadName ? ` with ${input.leadName}` : ''}`;
    case 'call-ended': {
      const seconds = input.duration ?? 0;
      return `${name} ended a call (${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')})`;
    }
  }
}

function toItem(doc: TeamActivityDoc, level: number): TeamActivityItem {
  return {
    id: doc._id.toHexString(),
    kind: doc.kind,
    actorId: doc.actorId.toHexString(),
    actorName: doc.actorName,
    level,
    at: doc.at.toISOString(),
    ...(doc.campaignId ? { campaignId: doc.campaignId.toHexString() } : {}),
    ...(doc.leadName ? { leadName: doc.leadName } : {}),
    ...(doc.dealValue !== undefined ? { dealValue: doc.dealValue } : {}),
    ...(doc.callId ? { callId: doc.callId.toHexString() } : {}),
    ...(doc.duration !== undefined ? { duration: doc.duration } : {}),
    text: doc.text,
  };
}

/**
 * Tells the actor's uplines at levels 1-3, and nobody else, what the actor just did (`team:activity`).
 * Used for deals closed and new recruits, and by the dialer for calls started and ended.
 */
export async function emitTeamActivity(platform: Platform, actorId: ObjectId, input: TeamActivityInput): Promise<void> {
  const uplineIds = await uplinesOf(platform, actorId, OVERRIDE_LEVELS.length);
  if (uplineIds.length === 0) return;
  const actor = await findTreeUser(platform.db, actorId);
  const actorName = actor?.name ?? 'A team member';
  const doc: TeamActivityDoc = {
    _id: new ObjectId(),
    kind: input.kind,
    actorId,
    actorName,
    uplineIds,
    at: platform.clock.now(),
    ...(input.campaignId ? { campaignId: input.campaignId } : {}),
    ...(input.leadName ? { leadName: input.leadName } : {}),
    ...(input.dealValue !== undefined ? { dealValue: input.dealValue } : {}),
    ...(input.callId ? { callId: input.callId } : {}),
    ...(input.duration !== undefined ? { duration: input.duration } : {}),
    text: input.text ?? describe(actorName, input),
    ...(input.key ? { key: input.key } : {}),
  };
  if (!(await insertTeamActivity(platform.db, doc))) return;
  uplineIds.forEach((uplineId, index) => emitTeamActivityTo(platform, uplineId.toHexString(), toItem(doc, index + 1)));
}

/** A sign-up through a `/join/{referralCode}` link: the upline chain hears of it, the direct upline is notified. */
export async function onRecruitJoined(platform: Platform, user: UserDoc): Promise<void> {
  if (!user.uplineId) return;
  await markInvitationsAccepted(platform.db, user.email, user._id, platform.clock.now());
  await emitTeamActivity(platform, user._id, { kind: 'recruit-joined', key: `recruit-${user._id.toHexString()}` });
  await notify(platform, user.uplineId, {
    type: 'downline-joined',
    title: 'New team member',
    body: `${user.name} joined your Bonsai through your referral link.`,
    link: '/dashboard/bonsai',
    key: `downline-joined-${user._id.toHexString()}`,
  });
}

/** Today's (UTC) dials, connects and the viewer's overrides per downline member at levels 1-3, and the latest activity. */
export async function teamActivityToday(platform: Platform, viewer: UserDoc): Promise<TeamActivityToday> {
  const { dayStart } = earningWindows(platform.clock.now());
  const members = await downlineOf(platform, viewer._id, OVERRIDE_LEVELS.length);
  const ids = members.map((m) => m._id);
  const [calls, onCall, earnings, recent] = await Promise.all([
    callFiguresSince(platform.db, ids, dayStart),
    agentsOnCall(platform.db, ids),
    earningsBySource(platform.db, ids, viewer._id, undefined, dayStart),
    recentTeamActivity(platform.db, viewer._id, 30),
  ]);
  return {
    day: dayStart.toISOString().slice(0, 10),
    members: members.map((member) => {
      const id = member._id.toHexString();
      return {
        id,
        name: member.name,
        level: member.level,
        dials: calls.get(id)?.dials ?? 0,
        connects: calls.get(id)?.connects ?? 0,
        overrides: earnings.get(id)?.toViewer ?? 0,
        onCall: onCall.has(id),
      };
    }),
    recent: recent.map((doc) => toItem(doc, Math.max(1, doc.uplineIds.findIndex((id) => id.equals(viewer._id)) + 1))),
  };
}
