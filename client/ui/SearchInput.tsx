import { Search, X } from 'lucide-react';
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components';
import styles from './SearchInput.module.css';

export interface SearchInputProps {
  label: string;
  /** Shown to sighted users instead of the label. */
  hideLabel?: boolean;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  className?: string;
}

export function SearchInput({ label, hideLabel, placeholder, value, onChange, onSubmit, className }: SearchInputProps) {
  return (
    <SearchField
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      className={[styles.field, className ?? ''].join(' ')}
    >
      <Label className={hideLabel ? 'visually-hidden' : styles.label}>{label}</Label>
      <div className={styles.box}>
        <Search size={16} aria-hidden="true" className={styles.icon} />
        <Input className={styles.input} placeholder={placeholder} />
        {value ? (
          <AriaButton className={styles.clear} aria-label="Clear search">
            <X size={14} aria-hidden="true" />
          </AriaButton>
        ) : null}
      </div>
    </SearchField>
  );
}
