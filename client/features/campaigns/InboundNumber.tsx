import { useApiQuery } from '../../api/useApiQuery.js';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import page from '../../ui/Page.module.css';

/** The number leads call the campaign back on (its owner and admins see it): docs/telephony.md, "Lead calls back". */
export function InboundNumber({ campaignId }: { campaignId: string }) {
  const { data } = useApiQuery(`/api/dialer/campaigns/${encodeURIComponent(campaignId)}/inbound-number`, {
    quiet: true,
  });
  if (!data) return null;
  return (
    <section className={page.card} aria-labelledby="inbound-number-title">
      <h2 id="inbound-number-title" className={page.cardTitle}>
        Inbound number
      </h2>
      <p>
        Leads call back on <strong>{formatPhone(data.number)}</strong>: it rings the lead&apos;s agent, else the
        campaign&apos;s available agents, else takes a voicemail.
      </p>
    </section>
  );
}
