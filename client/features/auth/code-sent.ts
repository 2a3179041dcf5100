import { toast } from '../../ui/toast.js';

/**
 * With the outbox mail transport outside production the server hands the code back (docs/product.md,
 * Verification: the demo's debug mode) and it is shown here; otherwise the user is pointed to their inbox.
 */
export function announceCodeSent(email: string, devCode: string | undefined): void {
  if (devCode)
    toast({ title: 'Verification code', description: `Development mode: your verification code is ${devCode}` });
  else toast({ title: 'Verification code sent', description: `Check ${email} for your 6-digit code.` });
}
