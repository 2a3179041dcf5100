import { Megaphone, Search, User, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { SearchResults } from '../../../../shared/schemas/overview/search.js';
import { useApiQuery } from '../../../api/useApiQuery.js';
import inputStyles from '../../../ui/SearchInput.module.css';
import styles from './Shell.module.css';

const DEBOUNCE_MS = 200;

interface Option {
  key: string;
  href: string;
}

function optionsOf(results: SearchResults | null): Option[] {
  if (!results) return [];
  return [
    ...results.campaigns.map((c) => ({ key: `campaign-${c.id}`, href: `/dashboard/campaigns/${c.slug}` })),
    ...results.leads.map((l) => ({ key: `lead-${l.id}`, href: `/dashboard/leads?lead=${l.id}` })),
  ];
}

/**
 * The header search: the viewer's campaigns and leads, as they type (GET /api/search). A WAI-ARIA combobox: the
 * input keeps focus, Arrow Down/Up move the highlighted result (aria-activedescendant), Enter opens it, Escape
 * closes the list (a second Escape clears the text).
 */
export function SearchBox() {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
  const idBase = useId();
  const listboxId = `${idBase}-results`;
  const trimmed = query.trim();

  const results =
    useApiQuery(trimmed ? `/api/search?q=${encodeURIComponent(trimmed)}&limit=8` : null, {
      debounceMs: DEBOUNCE_MS,
      quiet: true,
      onLoad: () => {
        setActive(-1);
        setOpen(true);
      },
    }).data ?? null;

  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  const shown = trimmed && open ? results : null;
  const options = optionsOf(shown);
  const total = options.length;
  const optionId = (key: string) => `${idBase}-${key}`;
  const activeOption = active >= 0 && active < total ? options[active] : undefined;

  const change = (value: string) => {
    setQuery(value);
    setActive(-1);
    setOpen(Boolean(value.trim()));
  };
  const choose = (option: Option) => {
    change('');
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        if (trimmed && results) setOpen(true);
        return;
      }
      if (total === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step === 1 ? 0 : total - 1) : (current + step + total) % total));
    } else if (event.key === 'Home' || event.key === 'End') {
      if (!shown || total === 0) return;
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : total - 1);
    } else if (event.key === 'Enter') {
      if (!activeOption) return;
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (shown) {
        setOpen(false);
        setActive(-1);
      } else change('');
    }
  };

  const optionProps = (option: Option): OptionProps => {
    const index = options.indexOf(option);
    return {
      id: optionId(option.key),
      role: 'option' as const,
      'aria-selected': index === active,
      className: [styles.searchItem, index === active ? styles.searchItemActive : ''].join(' '),
      // Keeps the focus in the input, where the keyboard works the list.
      onPointerDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onPointerEnter: () => setActive(index),
      onClick: () => choose(option),
    };
  };
  const byKey = new Map(options.map((o) => [o.key, o]));

  return (
    <div ref={wrapper} className={styles.search}>
      <label htmlFor={`${idBase}-input`} className="visually-hidden">
        Search campaigns and leads
      </label>
      <div className={inputStyles.box}>
        <Search size={16} aria-hidden="true" className={inputStyles.icon} />
        <input
          id={`${idBase}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={Boolean(shown)}
          aria-controls={shown ? listboxId : undefined}
          aria-activedescendant={shown && activeOption ? optionId(activeOption.key) : undefined}
          className={[inputStyles.input, styles.searchInput].join(' ')}
          placeholder="Search campaigns and leads..."
          value={query}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (trimmed && results) setOpen(true);
          }}
        />
        {query ? (
          <button type="button" className={inputStyles.clear} aria-label="Clear search" onClick={() => change('')}>
            <X size={14} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {shown ? `${total} result${total === 1 ? '' : 's'}` : ''}
      </div>
      {shown ? (
        <SearchResultsPanel
          results={shown}
          query={trimmed}
          idBase={idBase}
          listboxId={listboxId}
          optionProps={(key) => optionProps(byKey.get(key)!)}
        />
      ) : null}
    </div>
  );
}

/** What one result's element takes: its id, role and selection, and the pointer handlers that pick it. */
interface OptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  className: string;
  onPointerDown: (event: { preventDefault: () => void }) => void;
  onPointerEnter: () => void;
  onClick: () => void;
}

interface SearchResultsPanelProps {
  results: SearchResults;
  query: string;
  idBase: string;
  listboxId: string;
  /** The option props of the result with this key (`campaign-<id>`, `lead-<id>`). */
  optionProps: (key: string) => OptionProps;
}

/** The results listbox under the input: the campaigns group, then the leads group, or that nothing matched. */
function SearchResultsPanel({ results, query, idBase, listboxId, optionProps }: SearchResultsPanelProps) {
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
