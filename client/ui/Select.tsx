import { ChevronDown } from 'lucide-react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import styles from './Field.module.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps extends Omit<
  AriaSelectProps<SelectOption>,
  'children' | 'className' | 'value' | 'onChange'
> {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  className?: string;
}

export function Select({ label, options, value, onChange, className, placeholder, ...props }: SelectProps) {
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder}
      value={value}
      onChange={(key: Key | null) => onChange(key == null ? null : String(key))}
      className={[styles.field, className ?? ''].join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton className={styles.trigger}>
        <SelectValue className={({ isPlaceholder }) => (isPlaceholder ? styles.placeholder : '')} />
        <ChevronDown size={16} aria-hidden="true" />
      </AriaButton>
      <FieldError className={styles.error} />
      <Popover className={styles.popover}>
        <ListBox className={styles.listbox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
