import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { Dialog } from '../../ui/Dialog.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import field from '../../ui/Field.module.css';
import { CallingHoursFields } from './CallingHoursFields.js';
import { CampaignBasicsFields } from './CampaignBasicsFields.js';
import { StateRulesFields } from './StateRulesFields.js';
import { RecordingConsentFields } from './RecordingConsentFields.js';
import { ClosingDesksFields } from './ClosingDesksFields.js';
import { CommissionFields } from './CommissionFields.js';
import { TierFields } from './TierFields.js';
import { useCampaignForm } from './useCampaignForm.js';
import styles from './Campaigns.module.css';

export interface CampaignFormDialogProps {
  /** Editing this campaign; creating a new one without it. */
  campaign?: CampaignDetail;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (campaign: CampaignDetail) => void;
}

export function CampaignFormDialog({ campaign, isOpen, onOpenChange, onSaved }: CampaignFormDialogProps) {
  return (
    <Dialog
      title={campaign ? `Edit ${campaign.name}` : 'New Campaign'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      wide
    >
      {/* Mounted per opening, so the draft starts from the campaign as it is now. */}
      {isOpen ? <CampaignForm campaign={campaign} onSaved={onSaved} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function CampaignForm({
  campaign,
  onSaved,
  onCancel,
}: {
  campaign?: CampaignDetail;
  onSaved: (campaign: CampaignDetail) => void;
  onCancel: () => void;
}) {
  const { draft, setDraft, set, problem, saving, submit } = useCampaignForm(campaign, onSaved);

  return (
    <Form className={styles.form} validationBehavior="aria" onSubmit={(event) => void submit(event)}>
      <CampaignBasicsFields draft={draft} set={set} isDisabled={saving} />
      <CommissionFields draft={draft} set={set} isDisabled={saving} />
      <AriaTextField
        className={field.field}
        value={draft.payoutDetails}
        onChange={set('payoutDetails')}
        isDisabled={saving}
      >
        <Label className={field.label}>Payout details</Label>
        <TextArea className={page.textarea} />
      </AriaTextField>
      <TierFields tiers={draft.tiers} onChange={set('tiers')} isDisabled={saving} />
      <div className={page.formGrid}>
        <TextField
          label="Hold window (days)"
          type="number"
          value={draft.holdDays}
          onChange={set('holdDays')}
          isDisabled={saving}
          description="Commissions stay pending this long."
        />
        {draft.isLimited ? (
          <TextField
            label="Limited until"
            type="date"
            value={draft.limitedUntil}
            onChange={set('limitedUntil')}
            isDisabled={saving}
          />
        ) : null}
      </div>
      <CallingHoursFields
        value={draft}
        onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
        isDisabled={saving}
      />
      <StateRulesFields rows={draft.stateRules} onChange={set('stateRules')} isDisabled={saving} />
      <ClosingDesksFields rows={draft.closingDesks} onChange={set('closingDesks')} isDisabled={saving} />
      <RecordingConsentFields
        value={draft}
        onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
        isDisabled={saving}
      />
      <div className={page.row}>
        <Checkbox isSelected={draft.isProfitShare} onChange={set('isProfitShare')} isDisabled={saving}>
          Profit share
        </Checkbox>
        <Checkbox isSelected={draft.isLimited} onChange={set('isLimited')} isDisabled={saving}>
          Limited
        </Checkbox>
      </div>
      {problem ? (
        <p className={page.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={page.row}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : campaign ? 'Save Changes' : 'Create Campaign'}
        </Button>
        <Button variant="ghost" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
