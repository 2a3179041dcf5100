import {
  CLOSING_DESKS_MAX,
  ClosingDeskMessages,
  deskNumber,
  type ClosingDeskInput,
} from '../../../shared/schemas/campaigns/closing-desks.js';
import { TextField } from '../../ui/TextField.js';
import { EditableRowList } from './EditableRowList.js';

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
  return (
    <EditableRowList
      legend="Closing desks"
      note={
        <>
          Your own closers outside the app: openers can transfer a lead to these from the dialer. A phone number or a
          SIP address; calling hours and do-not-call lists do not apply to them.
        </>
      }
      rows={rows}
      onChange={onChange}
      isDisabled={isDisabled}
      noun="Desk"
      fields={(row, label, update) => (
        <>
          <TextField
            label={`${label}: name`}
            value={row.name}
            onChange={(name) => update({ name })}
            maxLength={60}
            isDisabled={isDisabled}
          />
          <TextField
            label={`${label}: number`}
            placeholder="+1 555 010 0005 or sip:desk@pbx.example.com"
            value={row.number}
            onChange={(number) => update({ number })}
            isDisabled={isDisabled}
          />
        </>
      )}
      add={rows.length < CLOSING_DESKS_MAX ? { label: 'Add closing desk', row: { name: '', number: '' } } : undefined}
    />
  );
}

/** What the form says before saving: a desk without a name, or a number that is neither a phone number nor SIP. */
export function closingDesksProblem(rows: ClosingDeskInput[]): string | undefined {
  if (rows.some((row) => !row.name.trim())) return ClosingDeskMessages.badName;
  if (rows.some((row) => !deskNumber(row.number))) return ClosingDeskMessages.badNumber;
  const names = rows.map((row) => row.name.trim().toLowerCase());
  return new Set(names).size === names.length ? undefined : ClosingDeskMessages.duplicate;
}
