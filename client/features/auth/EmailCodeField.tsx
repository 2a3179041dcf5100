import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import styles from './Auth.module.css';

/** The e-mailed sign-in code an account asks for after too many failed sign-ins: why, the code, and a new one. */
export function EmailCodeField({
  why,
  code,
  onChange,
  onResend,
  busy,
}: {
  why: string;
  code: string;
  onChange: (code: string) => void;
  onResend: () => void;
  busy: boolean;
}) {
  return (
    <>
      <p className={styles.fine} role="status">
        {why}
      </p>
      <TextField
        label="Sign-in code"
        name="emailCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={onChange}
        isDisabled={busy}
        autoFocus
        description="The 6-digit code from the e-mail, valid for 10 minutes."
      />
      <Button variant="ghost" size="sm" onPress={onResend} isDisabled={busy}>
        Send a new code
      </Button>
    </>
  );
}
