import {
  SocketEvents,
  type ImportProgressPayload,
  type LeadAssignedPayload,
  type LeadsUpdatedPayload,
  type LeadUpdatedPayload,
} from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Every tab of the agent gets the new lead as it appears in their list. */
export function emitLeadAssigned(platform: Platform, agentId: string, lead: LeadAssignedPayload): void {
  platform.live.toUser(agentId, SocketEvents.leadAssigned, lead);
}

/** To the agent's every tab and to the campaign owner (deduplicated by the caller). */
export function emitLeadUpdated(platform: Platform, userIds: string[], payload: LeadUpdatedPayload): void {
  platform.live.toUsers([...new Set(userIds)], SocketEvents.leadUpdated, payload);
}

/** To a campaign owner: a whole batch of changed leads (distribution, sweep) in one event instead of one per lead. */
export function emitLeadsUpdated(platform: Platform, ownerId: string, payload: LeadsUpdatedPayload): void {
  if (payload.items.length > 0) platform.live.toUser(ownerId, SocketEvents.leadsUpdated, payload);
}

export function emitImportProgress(platform: Platform, importerId: string, progress: ImportProgressPayload): void {
  platform.live.toUser(importerId, SocketEvents.importProgress, progress);
}
