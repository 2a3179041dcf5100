import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

export function TextField({ label, description, placeholder, className, inputClassName, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[styles.field, className ?? ''].join(' ')}>
      <Label className={styles.label}>{label}</Label>
      <Input className={[styles.input, inputClassName ?? ''].join(' ')} placeholder={placeholder} />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error} />
    </AriaTextField>
  );
}
