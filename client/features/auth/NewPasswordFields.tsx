import { TextField } from '../../ui/TextField.js';

interface NewPasswordFieldsProps {
  /** "Password" or "New Password"; the second field is "Confirm <label>". */
  label: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  isDisabled?: boolean;
}

/** A password being chosen, typed twice (registration and password reset). */
export function NewPasswordFields({ label, password, confirmPassword, onPasswordChange, onConfirmPasswordChange, isDisabled }: NewPasswordFieldsProps) {
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
        description="At least 8 characters."
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
