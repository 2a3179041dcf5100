import { proxy, useSnapshot } from 'valtio';
import type { MeResponse } from '../../../shared/schemas/me/get.js';
import type { PublicUser } from '../../../shared/types/user.js';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  /** `loading` until the refresh cookie has been tried once after the page loaded. */
  status: SessionStatus;
  user: PublicUser | null;
  /** From GET /api/me; null until it answered (login and verify answers do not carry it). */
  access: MeResponse['access'] | null;
}

export const session = proxy<SessionState>({ status: 'loading', user: null, access: null });

export function useSession() {
  return useSnapshot(session);
}
