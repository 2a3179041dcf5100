import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { TwoFactorSetupResponse } from '../../../shared/schemas/me/two-factor.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import styles from './Settings.module.css';
import { useTwoFactor } from './useTwoFactor.js';

/** Authenticator-app sign-in: enrol with the QR code the server makes, confirm with a code, keep the recovery codes. */
export function TwoFactorSettings() {
  const { user } = useSession();
  const { step, code, setCode, busy, begin, enable, disable, backToIdle } = useTwoFactor();
  const enabled = user?.twoFactorEnabled ?? false;

  return (
    <section className={page.card} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={page.cardTitle}>
        <ShieldCheck size={18} aria-hidden="true" /> Two-factor authentication
        {enabled ? <Badge tone="green">On</Badge> : <Badge tone="grey">Off</Badge>}
      </h2>
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onSaved={backToIdle} />
      ) : enabled ? (
        <Form className={page.form} onSubmit={disable}>
          <p className={page.muted}>Your account asks for a code from your authenticator app when you sign in.</p>
          <TextField
            label="Code to turn it off"
            description="A code from your app or a recovery code"
            value={code}
            onChange={setCode}
            isDisabled={busy}
            autoComplete="one-time-code"
          />
          <div>
            <Button type="submit" variant="danger" isDisabled={busy}>
              Turn Off
            </Button>
          </div>
        </Form>
      ) : step.kind === 'scan' ? (
        <ScanToEnrol
          setup={step.setup}
          code={code}
          onCodeChange={setCode}
          busy={busy}
          onSubmit={enable}
          onCancel={backToIdle}
        />
      ) : (
        <div className={page.stack}>
          <p className={page.muted}>
            Protect your account with a code from an authenticator app each time you sign in.
          </p>
          <div>
            <Button onPress={() => void begin()} isDisabled={busy}>
              Set Up
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The recovery codes, shown once right after two-factor sign-in is turned on. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className={page.stack}>
      <p>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are
        shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((recovery) => (
          <li key={recovery}>
            <code>{recovery}</code>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" onPress={onSaved}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

interface ScanToEnrolProps {
  setup: TwoFactorSetupResponse;
  code: string;
  onCodeChange: (code: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/** The QR code (and its key, for typing) to add to an authenticator app, and the code that confirms it. */
function ScanToEnrol({ setup, code, onCodeChange, busy, onSubmit, onCancel }: ScanToEnrolProps) {
  return (
    <Form className={page.form} onSubmit={onSubmit}>
      <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
      <img
        src={setup.qrDataUrl}
        alt="QR code to add Commission Warriors to your authenticator app"
        width={200}
        height={200}
        className={styles.qr}
      />
      <p className={[page.small, page.muted].join(' ')}>
        Cannot scan? Enter this key: <code className={styles.secret}>{setup.secret}</code>
      </p>
      <TextField
        label="Code from your app"
        value={code}
        onChange={onCodeChange}
        isDisabled={busy}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <div className={page.row}>
        <Button type="submit" isDisabled={busy}>
          Turn On
        </Button>
        <Button variant="ghost" onPress={onCancel} isDisabled={busy}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
