import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api/client.js';
import { readReferralCode } from './pending.js';

export type ReferralState = { status: 'none' } | { status: 'checking'; code: string } | { status: 'valid'; code: string; inviterFirstName: string } | { status: 'unknown'; code: string };

/**
 * The referral code a `/join/{code}` link left, checked before the visitor signs up: an unknown code would
 * otherwise sign up silently without an upline. When the check cannot be made the code is still sent.
 */
export function useReferral(): ReferralState {
  const [code] = useState(readReferralCode);
  const [state, setState] = useState<ReferralState>(code ? { status: 'checking', code } : { status: 'none' });
  useEffect(() => {
    if (!code) return;
    let current = true;
    api(`/api/referrals/${encodeURIComponent(code)}`, { quiet: true })
      .then((answer) => current && setState({ status: 'valid', code, inviterFirstName: answer.inviterFirstName }))
      .catch((error: unknown) => {
        if (!current) return;
        setState(error instanceof ApiError && (error.status === 404 || error.status === 400) ? { status: 'unknown', code } : { status: 'checking', code });
      });
    return () => {
      current = false;
    };
  }, [code]);
  return state;
}
