import { Phone } from 'lucide-react';
import page from '../../ui/Page.module.css';
import { formatPhone } from '../leads/public.js';
import type { FollowUpItem } from '../../../shared/schemas/follow-ups/list.js';
import styles from './Calendar.module.css';

/** A follow-up with its due date read. */
export type FollowUp = Omit<FollowUpItem, 'at'> & { at: Date };

const timeOf = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Time of day only when one was set (a date-only follow-up arrives as midnight UTC). */
function timeLabel(at: Date): string | null {
  return at.getUTCHours() === 0 && at.getUTCMinutes() === 0 ? null : timeOf.format(at);
}

/** Follow-ups, each with its next action, campaign, time (and date when asked) and a call link. */
export function FollowUpList({ items, withDate }: { items: FollowUp[]; withDate?: boolean }) {
  return (
    <ul className={page.list}>
      {items.map((item) => {
        const time = timeLabel(item.at);
        return (
          <li key={item.id} className={page.listItem}>
            <div>
              <div className={styles.followName}>{item.name}</div>
              <div className={[page.small, page.muted].join(' ')}>
                {[item.action ?? 'Follow up', item.campaignName, withDate ? shortDate.format(item.at) : null, time]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            {item.phone ? (
              <a href={`tel:${item.phone}`} className={styles.call}>
                <Phone size={14} aria-hidden="true" /> <span className="visually-hidden">Call {item.name} at </span>
                {formatPhone(item.phone)}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
