import { Megaphone, User } from 'lucide-react';
import type { SearchResults } from '../../../../shared/schemas/overview/search.js';
import type { OptionProps } from './useSearchCombobox.js';
import styles from './Shell.module.css';

interface SearchResultsPanelProps {
  results: SearchResults;
  query: string;
  idBase: string;
  listboxId: string;
  /** The option props of the result with this key (`campaign-<id>`, `lead-<id>`). */
  optionProps: (key: string) => OptionProps;
}

/** The results listbox under the input: the campaigns group, then the leads group, or that nothing matched. */
export function SearchResultsPanel({ results, query, idBase, listboxId, optionProps }: SearchResultsPanelProps) {
  const total = results.campaigns.length + results.leads.length;
  return (
    <div className={styles.searchResults}>
      {total === 0 ? <p className={styles.searchEmpty}>No campaigns or leads match "{query}".</p> : null}
      <div id={listboxId} role="listbox" aria-label="Search results" hidden={total === 0}>
        {results.campaigns.length ? (
          <div role="group" aria-labelledby={`${idBase}-campaigns`}>
            <div id={`${idBase}-campaigns`} role="presentation" className={styles.searchGroup}>
              Campaigns
            </div>
            {results.campaigns.map((campaign) => (
              <div key={campaign.id} {...optionProps(`campaign-${campaign.id}`)}>
                <Megaphone size={16} aria-hidden="true" />
                <span>{campaign.name}</span>
                <span className={styles.searchMeta}>
                  {campaign.status === 'coming-soon' ? 'Coming soon' : campaign.joined ? 'Joined' : 'Active'}
                </span>
              </div>
            ))}
          </div>
        ) : null}
        {results.leads.length ? (
          <div role="group" aria-labelledby={`${idBase}-leads`}>
            <div id={`${idBase}-leads`} role="presentation" className={styles.searchGroup}>
              Leads
            </div>
            {results.leads.map((lead) => (
              <div key={lead.id} {...optionProps(`lead-${lead.id}`)}>
                <User size={16} aria-hidden="true" />
                <span>
                  {lead.name}
                  {lead.company ? <span className={styles.searchMeta}> · {lead.company}</span> : null}
                </span>
                <span className={styles.searchMeta}>{lead.stage}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
