import { useEffect, useMemo, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.js';
import type { PasswordOwner, PasswordStrength } from '../../../shared/schemas/auth/password-strength.js';
import styles from './PasswordStrengthHint.module.css';

type Estimate = (password: string, owner?: PasswordOwner) => PasswordStrength;

// The dictionaries weigh several hundred KB: fetched once, when someone starts typing a new password.
let loading: Promise<Estimate> | undefined;
const loadEstimate = () =>
  (loading ??= import('../../../shared/schemas/auth/password-strength.js').then((module) => module.passwordStrength));

/**
 * The description under a new-password field: the length rule, then, as the password is typed, the same strength
 * estimate the server decides with, and the sentence it would refuse it with.
 */
export function PasswordStrengthHint({ password, email, name }: { password: string } & PasswordOwner) {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const typing = password.length > 0;

  useEffect(() => {
    if (!typing || estimate) return;
    let current = true;
    loadEstimate()
      .then((loaded) => current && setEstimate(() => loaded))
      .catch(() => {
        loading = undefined;
      });
    return () => {
      current = false;
    };
  }, [typing, estimate]);

  const strength = useMemo(
    () => (estimate && password.length >= PASSWORD_MIN_LENGTH ? estimate(password, { email, name }) : null),
    [estimate, password, email, name],
  );

  if (!strength) return <>At least {PASSWORD_MIN_LENGTH} characters.</>;
  return (
    <span className={styles.hint} data-score={strength.score} data-refused={strength.problem ? 'true' : undefined}>
      <span className={styles.meter} aria-hidden="true">
        <span />
      </span>
      <span>
        Password strength: {strength.label}. {strength.problem ?? strength.advice ?? ''}
      </span>
    </span>
  );
}
