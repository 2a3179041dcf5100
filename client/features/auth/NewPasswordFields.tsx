import { TextField } from '../../ui/TextField.js';
import { PasswordStrengthHint } from './PasswordStrengthHint.js';

interface NewPasswordFieldsProps {
  /** "Password" or "New Password"; the second field is "Confirm <label>". */
  label: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  isDisabled?: boolean;
  /** Whose password it is: a password made of their e-mail or name is refused, and the hint says so. */
  email?: string;
  name?: string;
}

/** A password being chosen, typed twice (registration and password reset). */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  isDisabled,
  email,
  name,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        isDisabled={isDisabled}
        description={<PasswordStrengthHint password={password} email={email} name={name} />}
      />
      <TextField
        label={`Confirm ${label}`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={onConfirmPasswordChange}
        isDisabled={isDisabled}
      />
    </>
  );
}
