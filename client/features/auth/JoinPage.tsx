import { useEffect } from 'react';
import { Redirect, useParams } from 'wouter';
import { saveReferralCode } from './pending.js';

/** `/join/{referralCode}`: remember who invited the visitor, then open the Register tab. */
export default function JoinPage() {
  const { referralCode } = useParams<{ referralCode: string }>();
  useEffect(() => {
    if (referralCode) saveReferralCode(referralCode);
  }, [referralCode]);
  return <Redirect to="/login?tab=register" replace />;
}
