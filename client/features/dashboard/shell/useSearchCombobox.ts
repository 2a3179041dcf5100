import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { SearchResults } from '../../../../shared/schemas/overview/search.js';
import { useApiQuery } from '../../../api/useApiQuery.js';
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

/** What one result's element takes: its id, role and selection, and the pointer handlers that pick it. */
export interface OptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  className: string;
  onPointerDown: (event: { preventDefault: () => void }) => void;
  onPointerEnter: () => void;
  onClick: () => void;
}

/**
 * The header search's state and keyboard: the text, the server's results for it (GET /api/search, debounced), whether
 * the list is open and which result is highlighted. Arrow Down/Up move the highlight (wrapping; Home/End), Enter
 * opens it, Escape closes the list and a second Escape clears the text; a pointer down outside `wrapper` closes it.
 */
export function useSearchCombobox(idBase: string) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
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
  const reopen = () => {
    if (trimmed && results) setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        reopen();
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

  const byKey = new Map(options.map((option, index) => [option.key, { option, index }]));
  /** The option props of the result with this key (`campaign-<id>`, `lead-<id>`). */
  const optionProps = (key: string): OptionProps => {
    const { option, index } = byKey.get(key)!;
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

  return {
    wrapper,
    query,
    trimmed,
    shown,
    total,
    activeId: shown && activeOption ? optionId(activeOption.key) : undefined,
    change,
    reopen,
    onKeyDown,
    optionProps,
  };
}
