import { useEffect, useRef } from 'react';
import { dialerStore, isLive, useDialer } from './store.js';

/** Spec: the completion callback of a call (the Call result entity), plus the lead it was about. */
export interface CallResult {
  callId: string;
  leadId?: string;
  phoneNumber: string;
  duration: number;
  status: 'completed';
  notes?: string;
}

/** Fires `onCallComplete` once per call, when the server says it ended (the call may end in any tab). */
export function useCallCompletion(onCallComplete: ((result: CallResult) => void) | undefined): void {
  const reported = useRef(new Set<string>());
  const callback = useRef(onCallComplete);
  callback.current = onCallComplete;
  const { call } = useDialer();
  const ended = call && !isLive(call) && call.status ? call : null;
  useEffect(() => {
    if (!ended || reported.current.has(ended.id)) return;
    reported.current.add(ended.id);
    // A call that had already ended when this panel mounted is not reported.
    if (
      !callback.current ||
      !ended.endedAt ||
      Date.parse(ended.endedAt) + 60_000 < Date.now() + dialerStore.serverOffsetMs
    )
      return;
    callback.current({
      callId: ended.id,
      ...(ended.leadId ? { leadId: ended.leadId } : {}),
      phoneNumber: ended.phone,
      duration: ended.duration,
      status: 'completed',
      ...(ended.notes ? { notes: ended.notes } : {}),
    });
  }, [ended]);
}
