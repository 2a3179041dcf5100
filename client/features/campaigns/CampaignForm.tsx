import { useState, type FormEvent } from 'react';
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { CAMPAIGN_ROLES } from '../../../shared/schemas/campaigns/list.js';
import { CampaignCreateBody, CampaignUpdateBody } from '../../../shared/schemas/campaigns/save.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import field from '../../ui/Field.module.css';
import { CallingHoursFields } from './CallingHoursFields.js';
import { StateRulesFields, stateRulesProblem } from './StateRulesFields.js';
import { RecordingConsentFields } from './RecordingConsentFields.js';
import { ClosingDesksFields, closingDesksProblem } from './ClosingDesksFields.js';
import { bodyFrom, callingHoursProblem, draftFrom, type Draft } from './campaign-draft.js';
import { CommissionFields } from './CommissionFields.js';
import { TierFields } from './TierFields.js';
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
  const [draft, setDraft] = useState<Draft>(() => draftFrom(campaign));
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyFrom(draft);
    const message =
      stateRulesProblem(draft.stateRules, body.stateRules) ??
      closingDesksProblem(body.closingDesks) ??
      schemaError(campaign ? CampaignUpdateBody : CampaignCreateBody, body) ??
      callingHoursProblem(body);
    setProblem(message);
    if (message) {
      errorToast('Error', message);
      return;
    }
    setSaving(true);
    try {
      // The schema check above passed, so the typed numbers are numbers now.
      const valid = body as CampaignCreateBody;
      const saved = campaign
        ? await api(`/api/campaigns/${campaign.id}`, { method: 'PATCH', body: valid })
        : await api('/api/campaigns', { method: 'POST', body: valid });
      toast({ title: campaign ? 'Campaign updated' : 'Campaign created', description: saved.name, variant: 'success' });
      onSaved(saved);
    } catch {
      // The API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form className={styles.form} validationBehavior="aria" onSubmit={(event) => void submit(event)}>
      <TextField label="Name" value={draft.name} onChange={set('name')} isRequired isDisabled={saving} />
      <AriaTextField
        className={field.field}
        value={draft.description}
        onChange={set('description')}
        isRequired
        isDisabled={saving}
      >
        <Label className={field.label}>Description</Label>
        <TextArea className={page.textarea} />
      </AriaTextField>
      <div className={page.formGrid}>
        <Select
          label="Status"
          options={[
            { id: 'active', label: 'Active' },
            { id: 'coming-soon', label: 'Coming Soon' },
          ]}
          value={draft.status}
          onChange={(value) => set('status')((value ?? 'active') as Draft['status'])}
        />
        <Select
          label="Role needed"
          options={CAMPAIGN_ROLES.map((role) => ({ id: role, label: role }))}
          value={draft.roleNeeded}
          onChange={(value) => set('roleNeeded')((value ?? 'Both') as Draft['roleNeeded'])}
        />
        <Select
          label="Lead source"
          options={[
            { id: 'Supplied', label: 'Supplied' },
            { id: 'Both', label: 'Both' },
          ]}
          value={draft.leadSourceType}
          onChange={(value) => set('leadSourceType')((value ?? 'Supplied') as Draft['leadSourceType'])}
        />
      </div>
      <div className={page.formGrid}>
        <TextField
          label="Payout range"
          placeholder="$500-$2500"
          value={draft.payoutRange}
          onChange={set('payoutRange')}
          isRequired
          isDisabled={saving}
        />
        <TextField
          label="Campaign types"
          description="Separated by commas"
          value={draft.campaignTypes}
          onChange={set('campaignTypes')}
          isDisabled={saving}
        />
      </div>
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
