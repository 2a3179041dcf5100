import { useState } from 'react';
import { api } from '../../api/client.js';
import { toast } from '../../ui/toast.js';
import { formatCents, plural } from '../../ui/format.js';

/** "Run payouts": the run, a toast with what it paid and carried over, then the list read again (`onDone`). */
export function usePayoutRun(onDone: () => void) {
  const [running, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    try {
      const result = await api('/api/admin/payouts/run', { method: 'POST' });
      const carried = result.carried > 0 ? `; ${plural(result.carried, 'balance')} carried to the next run` : '';
      toast({
        title: 'Payout run completed',
        description: `${plural(result.payouts, 'payout')} for ${formatCents(result.total)}, ${plural(result.approved, 'commission')} approved${carried}.`,
        variant: 'success',
      });
      onDone();
    } catch {
      // The API client showed why.
    } finally {
      setRunning(false);
    }
  }

  return { running, run };
}
