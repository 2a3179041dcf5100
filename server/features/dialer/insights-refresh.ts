import { Jobs } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { enqueue } from '../../platform/queues.js';
import type { CallDoc } from './repository.js';

/** An ended call moves the agent's call charts: the `insights` worker re-rolls its day, then tells the charts. */
export async function refreshCallInsights(platform: Platform, call: CallDoc): Promise<void> {
  try {
    await enqueue(platform.queues.insights, Jobs.insights.refresh, {
      days: [call.startedAt.toISOString().slice(0, 10)],
      userIds: [call.agentId.toHexString()],
      campaignIds: call.campaignId ? [call.campaignId.toHexString()] : [],
    });
  } catch (error) {
    // The call itself is done; its figures are rolled up with the next change of that day or the next rebuild.
    platform.log.warn({ err: error, callId: call._id }, 'insights refresh not queued');
  }
}
