import { SocketEvents, type ImportProgressPayload, type LeadAssignedPayload, type LeadUpdatedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Every tab of the agent gets the new lead as it appears in their list. */
export function emitLeadAssigned(platform: Platform, agentId: string, lead: LeadAssignedPayload): void {
  platform.live.toUser(agentId, SocketEvents.leadAssigned, lead);
}

/** To the agent's every tab and to the campaign owner (deduplicated by the caller). */
export function emitLeadUpdated(platform: Platform, userIds: string[], payload: LeadUpdatedPayload): void {
  platform.live.toUsers([...new Set(userIds)], SocketEvents.leadUpdated, payload);
}

export function emitImportProgress(platform: Platform, importerId: string, progress: ImportProgressPayload): void {
  platform.live.toUser(importerId, SocketEvents.importProgress, progress);
}
