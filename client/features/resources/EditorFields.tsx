import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import styles from './Resources.module.css';

/** A labelled multi-line field of the resources' editors (a script, a rebuttal). */
export function LongTextField({
  label,
  value,
  onChange,
  maxLength,
  rows,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
}) {
  return (
    <AriaTextField value={value} onChange={onChange} maxLength={maxLength} className={styles.fileField}>
      <Label className={styles.label}>{label}</Label>
      <TextArea className={page.textarea} rows={rows} />
    </AriaTextField>
  );
}

/** Cancel and the form's submit button, which says so while the save is under way. */
export function SaveActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className={styles.dialogActions}>
      <Button variant="secondary" onPress={onCancel}>
        Cancel
      </Button>
      <Button type="submit" isDisabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
