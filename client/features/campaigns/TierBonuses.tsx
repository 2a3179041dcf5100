import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import page from '../../ui/Page.module.css';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** The campaign's bonus per target reached. */
export function TierBonuses({ tiers }: { tiers: CampaignDetail['tiers'] }) {
  return (
    <section className={page.card} aria-labelledby="tiers-title">
      <h2 id="tiers-title" className={page.cardTitle}>
        Tiers
      </h2>
      {tiers.length ? (
        <table className={page.table}>
          <thead>
            <tr>
              <th scope="col">Target</th>
              <th scope="col" className={page.num}>
                Bonus
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.target}>
                <td>{tier.target}</td>
                <td className={page.num}>{dollars.format(tier.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={page.muted}>This campaign has no tier bonuses.</p>
      )}
    </section>
  );
}
