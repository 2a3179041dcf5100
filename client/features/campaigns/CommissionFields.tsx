import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import type { Draft } from './campaign-draft.js';
import styles from './Campaigns.module.css';

type PercentKey = 'opener' | 'closer' | 'fullStack' | 'level1' | 'level2' | 'level3';

/** The six percentages in the order the form shows them, each with its label. */
const PERCENT_FIELDS: ReadonlyArray<{ key: PercentKey; label: string }> = [
  { key: 'opener', label: 'Opener' },
  { key: 'closer', label: 'Closer' },
  { key: 'fullStack', label: 'Full stack' },
  { key: 'level1', label: 'Override level 1' },
  { key: 'level2', label: 'Override level 2' },
  { key: 'level3', label: 'Override level 3' },
];

interface CommissionFieldsProps {
  draft: Pick<Draft, PercentKey>;
  set: (key: PercentKey) => (value: string) => void;
  isDisabled: boolean;
}

/** The six percentages of the commission structure: the deal's shares and the uplines' overrides. */
export function CommissionFields({ draft, set, isDisabled }: CommissionFieldsProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>Commission structure (%)</legend>
      <div className={page.formGrid}>
        {PERCENT_FIELDS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="number"
            value={draft[key]}
            onChange={set(key)}
            isRequired
            isDisabled={isDisabled}
          />
        ))}
      </div>
    </fieldset>
  );
}
