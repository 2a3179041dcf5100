import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import type { Draft } from './campaign-draft.js';
import styles from './Campaigns.module.css';

type PercentKey = 'opener' | 'closer' | 'fullStack' | 'level1' | 'level2' | 'level3';

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
        <TextField
          label="Opener"
          type="number"
          value={draft.opener}
          onChange={set('opener')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          label="Closer"
          type="number"
          value={draft.closer}
          onChange={set('closer')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          label="Full stack"
          type="number"
          value={draft.fullStack}
          onChange={set('fullStack')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          label="Override level 1"
          type="number"
          value={draft.level1}
          onChange={set('level1')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          label="Override level 2"
          type="number"
          value={draft.level2}
          onChange={set('level2')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          label="Override level 3"
          type="number"
          value={draft.level3}
          onChange={set('level3')}
          isRequired
          isDisabled={isDisabled}
        />
      </div>
    </fieldset>
  );
}
