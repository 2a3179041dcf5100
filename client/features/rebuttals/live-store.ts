import { proxy, useSnapshot } from 'valtio';
import { SocketEvents, type RebuttalAssistPayload, type RebuttalSuggestedPayload } from '../../../shared/events.js';
import { onLive } from '../../live/socket.js';

/** What the objection spotter said about the agent's calls (issue 31), fed by `rebuttal:assist` and `rebuttal:suggested`. */
interface LiveRebuttals {
  /** Per call id: listened to or why not. */
  assist: Record<string, RebuttalAssistPayload>;
  /** Per call id: the objections heard, newest last. */
  heard: Record<string, RebuttalSuggestedPayload[]>;
}

const liveRebuttals = proxy<LiveRebuttals>({ assist: {}, heard: {} });

let following = false;

/** Subscribed once per page, by the first panel that shows live rebuttals. */
export function followLiveRebuttals(): void {
  if (following) return;
  following = true;
  onLive(SocketEvents.rebuttalAssist, (payload) => {
    liveRebuttals.assist[payload.callId] = payload;
  });
  onLive(SocketEvents.rebuttalSuggested, (payload) => {
    const list = (liveRebuttals.heard[payload.callId] ??= []);
    list.push(payload);
  });
}

export function useLiveRebuttals(callId: string) {
  const snapshot = useSnapshot(liveRebuttals);
  return { assist: snapshot.assist[callId], heard: snapshot.heard[callId] ?? [] };
}
