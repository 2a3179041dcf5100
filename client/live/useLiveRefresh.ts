import { useEffect, useEffectEvent } from 'react';
import type { SocketEventName, SocketPayload } from '../../shared/events.js';
import { onLive, onLiveResync } from './socket.js';

/**
 * Re-reads a screen's data when the server says it changed (and after a reconnect that may have missed that),
 * for lists whose items carry per-viewer fields an event cannot. A burst of events costs one read.
 */
export function useLiveRefresh<E extends SocketEventName>(
  event: E,
  refresh: (payload: SocketPayload<E> | null) => void,
  delayMs = 250,
): void {
  const run = useEffectEvent(refresh);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: SocketPayload<E> | null = null;
    const later = (payload: SocketPayload<E> | null) => {
      last = payload;
      clearTimeout(timer);
      timer = setTimeout(() => run(last), delayMs);
    };
    const off = onLive(event, later);
    const offResync = onLiveResync(() => later(null));
    return () => {
      off();
      offResync();
      clearTimeout(timer);
    };
  }, [event, delayMs]);
}
