import { JOB_STATES, type QueueSummary } from '../../../shared/schemas/admin/queues.js';
import page from '../../ui/Page.module.css';
import styles from './Admin.module.css';

/** Jobs per queue and state; failed counts above zero stand out. */
export function JobCounts({ queues }: { queues: QueueSummary[] }) {
  return (
    <div className={[page.card, page.tableWrap].join(' ')}>
      <table className={page.table}>
        <caption className="visually-hidden">Jobs per queue and state</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            {JOB_STATES.map((state) => (
              <th key={state} scope="col" className={page.num}>
                {state}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row">{queue.name}</th>
              {JOB_STATES.map((state) => (
                <td
                  key={state}
                  className={[page.num, state === 'failed' && (queue.counts[state] ?? 0) > 0 ? styles.failed : ''].join(
                    ' ',
                  )}
                >
                  {(queue.counts[state] ?? 0).toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
