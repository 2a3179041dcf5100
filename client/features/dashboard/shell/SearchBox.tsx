import { Search, X } from 'lucide-react';
import { useId } from 'react';
import inputStyles from '../../../ui/SearchInput.module.css';
import { SearchResultsPanel } from './SearchResultsPanel.js';
import { useSearchCombobox } from './useSearchCombobox.js';
import styles from './Shell.module.css';

/**
 * The header search: the viewer's campaigns and leads, as they type (GET /api/search). A WAI-ARIA combobox: the
 * input keeps focus, Arrow Down/Up move the highlighted result (aria-activedescendant), Enter opens it, Escape
 * closes the list (a second Escape clears the text).
 */
export function SearchBox() {
  const idBase = useId();
  const listboxId = `${idBase}-results`;
  const search = useSearchCombobox(idBase);
  const { shown, total } = search;

  return (
    <div ref={search.wrapper} className={styles.search}>
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
          aria-activedescendant={search.activeId}
          className={[inputStyles.input, styles.searchInput].join(' ')}
          placeholder="Search campaigns and leads..."
          value={search.query}
          onChange={(event) => search.change(event.target.value)}
          onKeyDown={search.onKeyDown}
          onFocus={search.reopen}
        />
        {search.query ? (
          <button
            type="button"
            className={inputStyles.clear}
            aria-label="Clear search"
            onClick={() => search.change('')}
          >
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
          query={search.trimmed}
          idBase={idBase}
          listboxId={listboxId}
          optionProps={search.optionProps}
        />
      ) : null}
    </div>
  );
}
