import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { closeLeadDetail, openLeadDetail } from './store.js';

/**
 * `?lead={id}` (the header search's results): that lead opens in the details panel, and once its row is among the
 * `shown` leads it is scrolled into view; the panel closes when the page goes. Returns the linked lead's id.
 */
export function useLinkedLead(shown: ReadonlyArray<{ id: string }>): string | null {
  const target = new URLSearchParams(useSearch()).get('lead');
  const targetShown = Boolean(target && shown.some((lead) => lead.id === target));

  useEffect(() => {
    if (target) void openLeadDetail(target);
  }, [target]);
  useEffect(() => closeLeadDetail, []);
  useEffect(() => {
    if (targetShown)
      document
        .querySelector(`[data-testid="pipeline-table"] [data-lead-id="${CSS.escape(target!)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [target, targetShown]);
  return target;
}
