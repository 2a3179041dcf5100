import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import type { Draft } from './campaign-draft.js';
import styles from './Campaigns.module.css';

interface TierFieldsProps {
  tiers: Draft['tiers'];
  onChange: (tiers: Draft['tiers']) => void;
  isDisabled: boolean;
}

/** The tier bonuses being edited: a row per target, added and removed in place. */
export function TierFields({ tiers, onChange, isDisabled }: TierFieldsProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>Tiers</legend>
      {tiers.map((tier, index) => (
        <div key={index} className={styles.tierRow}>
          <TextField
            label={`Tier ${index + 1} target`}
            placeholder="50 nights"
            value={tier.target}
            onChange={(value) => onChange(tiers.map((t, i) => (i === index ? { ...t, target: value } : t)))}
            isDisabled={isDisabled}
          />
          <TextField
            label={`Tier ${index + 1} payout ($)`}
            type="number"
            value={tier.payout}
            onChange={(value) => onChange(tiers.map((t, i) => (i === index ? { ...t, payout: value } : t)))}
            isDisabled={isDisabled}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove tier ${index + 1}`}
            onPress={() => onChange(tiers.filter((_, i) => i !== index))}
          >
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onPress={() => onChange([...tiers, { target: '', payout: '' }])}>
        <Plus size={16} aria-hidden="true" /> Add tier
      </Button>
    </fieldset>
  );
}
