import { Plus } from 'lucide-react';
import {
  CLOSING_DESKS_MAX,
  ClosingDeskMessages,
  deskNumber,
  type ClosingDeskInput,
} from '../../../shared/schemas/campaigns/closing-desks.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import styles from './Campaigns.module.css';
import { RemoveRowButton } from './RemoveRowButton.js';

/** The owner's own closing desks an opener may transfer a lead to (docs/telephony.md, "Transfer to a closing desk"). */
export function ClosingDesksFields({
  rows,
  onChange,
  isDisabled,
}: {
  rows: ClosingDeskInput[];
  onChange: (rows: ClosingDeskInput[]) => void;
  isDisabled: boolean;
}) {
  const update = (index: number, change: Partial<ClosingDeskInput>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className={styles.fieldset}>
      <legend>Closing desks</legend>
      <p className={styles.fieldsetNote}>
        Your own closers outside the app: openers can transfer a lead to these from the dialer. A phone number or a SIP
        address; calling hours and do-not-call lists do not apply to them.
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div key={index} className={styles.stateRuleRow}>
            <TextField
              label={`Desk ${n}: name`}
              value={row.name}
              onChange={(name) => update(index, { name })}
              maxLength={60}
              isDisabled={isDisabled}
            />
            <TextField
              label={`Desk ${n}: number`}
              placeholder="+1 555 010 0005 or sip:desk@pbx.example.com"
              value={row.number}
              onChange={(number) => update(index, { number })}
              isDisabled={isDisabled}
            />
            <RemoveRowButton
              label={`Remove desk ${n}`}
              onRemove={() => onChange(rows.filter((_, i) => i !== index))}
              isDisabled={isDisabled}
            />
          </div>
        );
      })}
      {rows.length < CLOSING_DESKS_MAX ? (
        <div className={styles.fieldsetActions}>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => onChange([...rows, { name: '', number: '' }])}
            isDisabled={isDisabled}
          >
            <Plus size={16} aria-hidden="true" /> Add closing desk
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

/** What the form says before saving: a desk without a name, or a number that is neither a phone number nor SIP. */
export function closingDesksProblem(rows: ClosingDeskInput[]): string | undefined {
  if (rows.some((row) => !row.name.trim())) return ClosingDeskMessages.badName;
  if (rows.some((row) => !deskNumber(row.number))) return ClosingDeskMessages.badNumber;
  const names = rows.map((row) => row.name.trim().toLowerCase());
  return new Set(names).size === names.length ? undefined : ClosingDeskMessages.duplicate;
}
