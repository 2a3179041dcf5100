import { useId } from 'react';
import { useApiQuery } from '../../api/useApiQuery.js';
import page from '../../ui/Page.module.css';

/**
 * Insights' objections card (issue 31): in the page's period and campaign, the objections the spotter heard per agent
 * and campaign, and for each rebuttal shown how often the lead closed a deal afterwards. Only listened calls count.
 */
export function ObjectionInsights({ query }: { query: string }) {
  const titleId = useId();
  const { data, failed } = useApiQuery(`/api/rebuttals/insights?${query}`, { quiet: true });
  return (
    <section className={page.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={page.cardTitle}>
        Objections heard
      </h2>
      {!data ? (
        <p className={page.muted}>{failed ? 'Could not load the objections.' : 'Loading...'}</p>
      ) : data.listenedCalls === 0 ? (
        <p className={page.muted}>No calls were listened to for objections in this period.</p>
      ) : (
        <>
          <p className={page.small}>
            {data.listenedCalls} listened {data.listenedCalls === 1 ? 'call' : 'calls'} ·{' '}
            {data.byPhrase.map((p) => `${p.phrase}: ${p.count}`).join(' · ') || 'no objections'}
          </p>
          <div className={page.tableWrap}>
            <table className={page.table} aria-label="Objections per agent and campaign">
              <thead>
                <tr>
                  <th scope="col">Agent or campaign</th>
                  <th scope="col" className={page.num}>
                    Calls
                  </th>
                  <th scope="col" className={page.num}>
                    Objections
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...data.byAgent, ...data.byCampaign].map((row) => (
                  <tr key={row.id}>
                    <td>{row.name}</td>
                    <td className={page.num}>{row.calls}</td>
                    <td className={page.num}>{row.objections}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.rebuttals.length ? (
            <div className={page.tableWrap}>
              <table className={page.table} aria-label="Rebuttals shown and deals after them">
                <thead>
                  <tr>
                    <th scope="col">Rebuttal shown</th>
                    <th scope="col" className={page.num}>
                      Shown
                    </th>
                    <th scope="col" className={page.num}>
                      Deal closed after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rebuttals.map((r) => (
                    <tr key={r.id}>
                      <td>{r.objection}</td>
                      <td className={page.num}>{r.shown}</td>
                      <td className={page.num}>{r.beforeDeal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <p className={page.muted}>
            A deal after a rebuttal means the lead closed later; it does not prove the rebuttal made the sale.
          </p>
        </>
      )}
    </section>
  );
}
