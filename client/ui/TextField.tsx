import type { FormEvent, ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

/**
 * react-aria takes a browser-checked error (type="email") back only when the value is committed (on blur). Under a
 * submit button that blur is the button's own mousedown: the message goes, the button moves up and the click is lost.
 * So the message goes as soon as the typed value is valid (the 'change' event is what react-aria commits on).
 */
function clearWhenValid(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (input.validity.valid && input.closest('[data-invalid]'))
    input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function TextField({ label, description, placeholder, className, inputClassName, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[styles.field, className ?? ''].join(' ')}>
      <Label className={styles.label}>{label}</Label>
      <Input
        className={[styles.input, inputClassName ?? ''].join(' ')}
        placeholder={placeholder}
        onInput={clearWhenValid}
      />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error} />
    </AriaTextField>
  );
}
