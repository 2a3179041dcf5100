import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.js';
import styles from './Campaigns.module.css';

interface EditableRowListProps<Row> {
  legend: string;
  /** The sentence under the legend: what the rows are for and how they apply. */
  note: ReactNode;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  isDisabled: boolean;
  /** What one row is called: "Rule" labels its fields "Rule 1: ..." and its trash button "Remove rule 1". */
  noun: string;
  /** One row's fields, each labelled after `label` ("Rule 1"); `update` merges a change into this row. */
  fields: (row: Row, label: string, update: (change: Partial<Row>) => void) => ReactNode;
  /** The Add button's text and the blank row it adds; absent while no more rows may be added. */
  add?: { label: string; row: Row };
  /** Buttons after the Add button. */
  moreActions?: ReactNode;
}

/**
 * A campaign form's list of rows edited in place (state calling rules, closing desks): a fieldset of rows, each
 * with its fields and a trash button, and the buttons that add rows under them.
 */
export function EditableRowList<Row>({
  legend,
  note,
  rows,
  onChange,
  isDisabled,
  noun,
  fields,
  add,
  moreActions,
}: EditableRowListProps<Row>) {
  const update = (index: number, change: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <p className={styles.fieldsetNote}>{note}</p>
      {rows.map((row, index) => (
        <div key={index} className={styles.stateRuleRow}>
          {fields(row, `${noun} ${index + 1}`, (change) => update(index, change))}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
            onPress={() => onChange(rows.filter((_, i) => i !== index))}
            isDisabled={isDisabled}
          >
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </div>
      ))}
      {add || moreActions ? (
        <div className={styles.fieldsetActions}>
          {add ? (
            <Button variant="secondary" size="sm" onPress={() => onChange([...rows, add.row])} isDisabled={isDisabled}>
              <Plus size={16} aria-hidden="true" />
              {` ${add.label}`}
            </Button>
          ) : null}
          {moreActions}
        </div>
      ) : null}
    </fieldset>
  );
}
