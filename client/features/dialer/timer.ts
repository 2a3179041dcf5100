import { useEffect, useState } from 'react';
import type { CallView } from '../../../shared/schemas/dialer/call.js';

const TICK_MS = 1_000;

/**
 * Talk seconds of the call: counted from the server's `connectedAt` while the line is open (so every tab
 * shows the same figure), the server's `duration` once it ended.
 */
export function useCallSeconds(
  call: Pick<CallView, 'state' | 'connectedAt' | 'duration'> | null,
  serverOffsetMs: number,
): number {
  const running = Boolean(call?.connectedAt && (call.state === 'connected' || call.state === 'ending'));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  if (!call) return 0;
  if (!running) return call.duration;
  return Math.max(0, Math.floor((now + serverOffsetMs - Date.parse(call.connectedAt!)) / 1000));
}
