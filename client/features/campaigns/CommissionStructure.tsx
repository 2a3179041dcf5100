import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import page from '../../ui/Page.module.css';

/** Who earns what share of a closed deal in this campaign, uplines included. */
export function CommissionStructure({ campaign }: { campaign: CampaignDetail }) {
  const structure = campaign.commissionStructure;
  return (
    <section className={page.card} aria-labelledby="structure-title">
      <h2 id="structure-title" className={page.cardTitle}>
        Commission structure
      </h2>
      <div className={page.tableWrap} tabIndex={0} role="region" aria-label="Commission structure table">
        <table className={page.table}>
          <caption className="visually-hidden">Commission percentages of {campaign.name}</caption>
          <thead>
            <tr>
              <th scope="col">Who earns</th>
              <th scope="col">Of what</th>
              <th scope="col" className={page.num}>
                Percent
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Opener</th>
              <td>the deal value</td>
              <td className={page.num}>{structure.opener}%</td>
            </tr>
            <tr>
              <th scope="row">Closer</th>
              <td>the deal value</td>
              <td className={page.num}>{structure.closer}%</td>
            </tr>
            <tr>
              <th scope="row">Full stack (opened and closed)</th>
              <td>the deal value</td>
              <td className={page.num}>{structure.fullStack}%</td>
            </tr>
            <tr>
              <th scope="row">Upline, level 1</th>
              <td>the agent's commission</td>
              <td className={page.num}>{structure.override.level1}%</td>
            </tr>
            <tr>
              <th scope="row">Upline, level 2</th>
              <td>the agent's commission</td>
              <td className={page.num}>{structure.override.level2}%</td>
            </tr>
            <tr>
              <th scope="row">Upline, level 3</th>
              <td>the agent's commission</td>
              <td className={page.num}>{structure.override.level3}%</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
