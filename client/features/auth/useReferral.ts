import { useState } from 'react';
import { ApiError } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { readReferralCode } from './pending.js';

export type ReferralState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; code: string; inviterFirstName: string }
  | { status: 'unknown'; code: string };

/**
 * The referral code a `/join/{code}` link left, checked before the visitor signs up: an unknown code would
 * otherwise sign up silently without an upline. When the check cannot be made the code is still sent.
 */
export function useReferral(): ReferralState {
  const [code] = useState(readReferralCode);
  const { data, error } = useApiQuery(code ? `/api/referrals/${encodeURIComponent(code)}` : null, { quiet: true });
  if (!code) return { status: 'none' };
  if (data) return { status: 'valid', code, inviterFirstName: data.inviterFirstName };
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? { status: 'unknown', code }
    : { status: 'checking', code };
}
