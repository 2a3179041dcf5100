import { Megaphone, User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SearchResults } from '../../../../shared/schemas/overview/search.js';
import { api } from '../../../api/client.js';
import { SearchInput } from '../../../ui/SearchInput.js';
import styles from './Shell.module.css';

const DEBOUNCE_MS = 200;

/** The header search: the viewer's campaigns and leads, as they type (GET /api/search). */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResults | null>(null);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const resultsId = useId();
  const trimmed = query.trim();

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<SearchResults>(`/api/search?q=${encodeURIComponent(trimmed)}&limit=8`, { signal: controller.signal, quiet: true })
        .then((found) => {
          setResults(found);
          setOpen(true);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  const reset = () => {
    setQuery('');
    setResults(null);
    setOpen(false);
  };
  const shown = trimmed && open ? results : null;
  const total = shown ? shown.campaigns.length + shown.leads.length : 0;

  return (
    <div
      ref={wrapper}
      className={styles.search}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <SearchInput
        label="Search campaigns and leads"
        hideLabel
        placeholder="Search campaigns and leads..."
        value={query}
        onChange={(value) => {
          setQuery(value);
          setOpen(Boolean(value.trim()));
          if (!value.trim()) setResults(null);
        }}
      />
      <div className="visually-hidden" role="status" aria-live="polite">
        {shown ? `${total} result${total === 1 ? '' : 's'}` : ''}
      </div>
      {shown ? (
        <div id={resultsId} className={styles.searchResults} role="region" aria-label="Search results">
          {total === 0 ? <p className={styles.searchEmpty}>No campaigns or leads match "{trimmed}".</p> : null}
          {shown.campaigns.length ? (
            <>
              <h2 className={styles.searchGroup}>Campaigns</h2>
              <ul className={styles.searchList}>
                {shown.campaigns.map((campaign) => (
                  <li key={campaign.id}>
                    <Link href={`/dashboard/campaigns/${campaign.id}`} className={styles.searchItem} onClick={reset}>
                      <Megaphone size={16} aria-hidden="true" />
                      <span>{campaign.name}</span>
                      <span className={styles.searchMeta}>{campaign.status === 'coming-soon' ? 'Coming soon' : campaign.joined ? 'Joined' : 'Active'}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {shown.leads.length ? (
            <>
              <h2 className={styles.searchGroup}>Leads</h2>
              <ul className={styles.searchList}>
                {shown.leads.map((lead) => (
                  <li key={lead.id}>
                    <Link href={`/dashboard/leads?lead=${lead.id}`} className={styles.searchItem} onClick={reset}>
                      <User size={16} aria-hidden="true" />
                      <span>
                        {lead.name}
                        {lead.company ? <span className={styles.searchMeta}> · {lead.company}</span> : null}
                      </span>
                      <span className={styles.searchMeta}>{lead.stage}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
