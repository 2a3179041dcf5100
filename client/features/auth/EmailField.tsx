import { TextField } from '../../ui/TextField.js';

/** The account's e-mail, as every sign-in, sign-up and reset form asks for it. */
export function EmailField({
  value,
  onChange,
  isDisabled,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  isDisabled: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      autoFocus={autoFocus}
    />
  );
}
