import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import styles from './FilterGroup.module.css';

export interface FilterGroupProps<T extends string> {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** One-of-many filter buttons (e.g. lead statuses); always exactly one is pressed. */
export function FilterGroup<T extends string>({ label, options, value, onChange }: FilterGroupProps<T>) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next != null) onChange(String(next) as T);
      }}
      className={styles.group}
    >
      {options.map((option) => (
        <ToggleButton key={option.id} id={option.id} className={styles.option}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
