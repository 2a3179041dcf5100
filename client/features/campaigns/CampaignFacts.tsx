import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';

type FactSource = CampaignSummary & Partial<Pick<CampaignDetail, 'holdDays'>>;

const FACTS = {
  payout: { label: 'Payout', value: (c: FactSource) => c.payoutRange },
  payoutRange: { label: 'Payout range', value: (c: FactSource) => c.payoutRange },
  roleNeeded: { label: 'Role needed', value: (c: FactSource) => c.roleNeeded },
  commission: {
    label: 'Commission',
    value: ({ commissionStructure: s }: FactSource) => `${s.opener}% / ${s.closer}% / ${s.fullStack}%`,
  },
  leadSource: { label: 'Lead source', value: (c: FactSource) => c.leadSourceType },
  agents: {
    label: 'Agents',
    value: (c: FactSource) => (
      <>
        <Users size={14} aria-hidden="true" /> {c.agentCount}
      </>
    ),
  },
  holdWindow: {
    label: 'Hold window',
    value: (c: FactSource) => (c.holdDays === undefined ? undefined : `${c.holdDays} days`),
  },
} satisfies Record<string, { label: string; value: (campaign: FactSource) => ReactNode }>;

export type CampaignFact = keyof typeof FACTS;

/** A campaign's facts as a definition list, in the order asked (the landing card, the dashboard card, the detail page). */
export function CampaignFacts({
  campaign,
  facts,
  className,
}: {
  campaign: FactSource;
  facts: readonly CampaignFact[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => {
        const value = FACTS[fact].value(campaign);
        return value === undefined ? null : (
          <div key={fact}>
            <dt>{FACTS[fact].label}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
