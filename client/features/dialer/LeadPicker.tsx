import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import type { LeadList } from '../../../shared/schemas/leads/list.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { queueContact } from './actions.js';
import { isQueued, useDialer } from './store.js';
import styles from './Dialer.module.css';

const SEARCH_DELAY_MS = 300;
const RESULTS = 5;
const NO_LEADS: LeadList['items'] = [];

/** Finds the agent's own leads (the server decides which are theirs) to put them in the queue. */
export function LeadPicker() {
  useDialer();
  const [query, setQuery] = useState('');
  const search = query.trim();
  const { data } = useApiQuery(
    search ? `/api/leads?${new URLSearchParams({ search, limit: String(RESULTS) })}` : null,
    { debounceMs: SEARCH_DELAY_MS, quiet: true },
  );
  const leads = data?.items.filter((lead) => lead.phone) ?? NO_LEADS;

  return (
    <div className={styles.picker}>
      <SearchInput label="Add a lead to the queue" placeholder="Search your leads" value={query} onChange={setQuery} />
      {query.trim() && leads.length === 0 ? <p className={styles.small}>No leads with a phone number match.</p> : null}
      {leads.length ? (
        <ul className={styles.pickerList} aria-label="Matching leads">
          {leads.map((lead) => {
            const queued = isQueued({ leadId: lead.id, phone: lead.phone! });
            return (
              <li key={lead.id} className={styles.queueItem}>
                <div className={styles.queueWho}>
                  <span className={styles.queueName}>{lead.name}</span>
                  <span className={styles.small}>
                    {formatPhone(lead.phone!)} · {lead.campaignName}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={queued ? `${lead.name} is queued` : `Add ${lead.name} to the queue`}
                  onPress={() => void queueContact({ leadId: lead.id, name: lead.name, phone: lead.phone! })}
                >
                  <ListPlus size={14} aria-hidden="true" /> {queued ? 'Queued' : 'Queue'}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
