import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import {
  CallingHoursMessages,
  DEFAULT_CALLING_HOURS,
  validCallingHours,
} from '../../../shared/schemas/campaigns/calling-hours.js';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { CAMPAIGN_ROLES } from '../../../shared/schemas/campaigns/list.js';
import { CampaignCreateBody, CampaignUpdateBody } from '../../../shared/schemas/campaigns/save.js';
import { DEFAULT_OVERRIDE_PERCENT } from '../../../shared/constants.js';
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
import { rowsFrom, rulesFrom, StateRulesFields, stateRulesProblem, type StateRuleRow } from './StateRulesFields.js';
import styles from './Campaigns.module.css';

interface Draft {
  name: string;
  description: string;
  status: 'active' | 'coming-soon';
  roleNeeded: (typeof CAMPAIGN_ROLES)[number];
  payoutRange: string;
  leadSourceType: 'Supplied' | 'Both';
  campaignTypes: string;
  isProfitShare: boolean;
  isLimited: boolean;
  limitedUntil: string;
  opener: string;
  closer: string;
  fullStack: string;
  level1: string;
  level2: string;
  level3: string;
  payoutDetails: string;
  tiers: { target: string; payout: string }[];
  holdDays: string;
  timeZone: string;
  callingStart: string;
  callingEnd: string;
  stateRules: StateRuleRow[];
}

function draftFrom(campaign?: CampaignDetail): Draft {
  const structure = campaign?.commissionStructure;
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    status: campaign?.status ?? 'active',
    roleNeeded: campaign?.roleNeeded ?? 'Both',
    payoutRange: campaign?.payoutRange ?? '',
    leadSourceType: campaign?.leadSourceType ?? 'Supplied',
    campaignTypes: campaign?.campaignTypes.join(', ') ?? '',
    isProfitShare: campaign?.isProfitShare ?? false,
    isLimited: campaign?.isLimited ?? false,
    limitedUntil: campaign?.limitedUntil?.slice(0, 10) ?? '',
    opener: String(structure?.opener ?? ''),
    closer: String(structure?.closer ?? ''),
    fullStack: String(structure?.fullStack ?? ''),
    level1: String(structure?.override.level1 ?? DEFAULT_OVERRIDE_PERCENT.level1),
    level2: String(structure?.override.level2 ?? DEFAULT_OVERRIDE_PERCENT.level2),
    level3: String(structure?.override.level3 ?? DEFAULT_OVERRIDE_PERCENT.level3),
    payoutDetails: campaign?.payoutDetails ?? '',
    tiers: campaign?.tiers.map((tier) => ({ target: tier.target, payout: String(tier.payout) })) ?? [],
    holdDays: String(campaign?.holdDays ?? 0),
    // A new campaign starts in the creator's own zone rather than UTC, which is nobody's local time.
    timeZone: campaign?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    callingStart: campaign?.callingHours.start ?? DEFAULT_CALLING_HOURS.start,
    callingEnd: campaign?.callingHours.end ?? DEFAULT_CALLING_HOURS.end,
    stateRules: rowsFrom(campaign?.stateRules),
  };
}

/** Empty number fields stay strings, so the schema reports them instead of them becoming 0. */
const number = (value: string): number | string =>
  value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value);

function bodyFrom(draft: Draft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    status: draft.status,
    roleNeeded: draft.roleNeeded,
    payoutRange: draft.payoutRange.trim(),
    leadSourceType: draft.leadSourceType,
    campaignTypes: draft.campaignTypes
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
    isProfitShare: draft.isProfitShare,
    isLimited: draft.isLimited,
    limitedUntil: draft.isLimited && draft.limitedUntil ? draft.limitedUntil : null,
    commissionStructure: {
      opener: number(draft.opener),
      closer: number(draft.closer),
      fullStack: number(draft.fullStack),
      override: { level1: number(draft.level1), level2: number(draft.level2), level3: number(draft.level3) },
    },
    payoutDetails: draft.payoutDetails.trim(),
    tiers: draft.tiers
      .filter((tier) => tier.target.trim() || tier.payout.trim())
      .map((tier) => ({ target: tier.target.trim(), payout: number(tier.payout) })),
    holdDays: number(draft.holdDays),
    timeZone: draft.timeZone.trim(),
    callingHours: { start: draft.callingStart, end: draft.callingEnd },
    stateRules: rulesFrom(draft.stateRules),
  };
}

/** What the schema cannot see: a zone this browser does not know, or hours that end before they start. */
function callingHoursProblem(body: ReturnType<typeof bodyFrom>): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: body.timeZone });
  } catch {
    return CallingHoursMessages.badTimeZone;
  }
  return validCallingHours(body.callingHours) ? undefined : CallingHoursMessages.badHours;
}

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
      schemaError(campaign ? CampaignUpdateBody : CampaignCreateBody, body) ??
      callingHoursProblem(body);
    setProblem(message);
    if (message) {
      errorToast('Error', message);
      return;
    }
    setSaving(true);
    try {
      const saved = campaign
        ? await api(`/api/campaigns/${campaign.id}`, { method: 'PATCH', body })
        : await api('/api/campaigns', { method: 'POST', body });
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
      <fieldset className={styles.fieldset}>
        <legend>Commission structure (%)</legend>
        <div className={page.formGrid}>
          <TextField
            label="Opener"
            type="number"
            value={draft.opener}
            onChange={set('opener')}
            isRequired
            isDisabled={saving}
          />
          <TextField
            label="Closer"
            type="number"
            value={draft.closer}
            onChange={set('closer')}
            isRequired
            isDisabled={saving}
          />
          <TextField
            label="Full stack"
            type="number"
            value={draft.fullStack}
            onChange={set('fullStack')}
            isRequired
            isDisabled={saving}
          />
          <TextField
            label="Override level 1"
            type="number"
            value={draft.level1}
            onChange={set('level1')}
            isRequired
            isDisabled={saving}
          />
          <TextField
            label="Override level 2"
            type="number"
            value={draft.level2}
            onChange={set('level2')}
            isRequired
            isDisabled={saving}
          />
          <TextField
            label="Override level 3"
            type="number"
            value={draft.level3}
            onChange={set('level3')}
            isRequired
            isDisabled={saving}
          />
        </div>
      </fieldset>
      <AriaTextField
        className={field.field}
        value={draft.payoutDetails}
        onChange={set('payoutDetails')}
        isDisabled={saving}
      >
        <Label className={field.label}>Payout details</Label>
        <TextArea className={page.textarea} />
      </AriaTextField>
      <fieldset className={styles.fieldset}>
        <legend>Tiers</legend>
        {draft.tiers.map((tier, index) => (
          <div key={index} className={styles.tierRow}>
            <TextField
              label={`Tier ${index + 1} target`}
              placeholder="50 nights"
              value={tier.target}
              onChange={(value) => set('tiers')(draft.tiers.map((t, i) => (i === index ? { ...t, target: value } : t)))}
              isDisabled={saving}
            />
            <TextField
              label={`Tier ${index + 1} payout ($)`}
              type="number"
              value={tier.payout}
              onChange={(value) => set('tiers')(draft.tiers.map((t, i) => (i === index ? { ...t, payout: value } : t)))}
              isDisabled={saving}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove tier ${index + 1}`}
              onPress={() => set('tiers')(draft.tiers.filter((_, i) => i !== index))}
            >
              <Trash2 size={16} aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onPress={() => set('tiers')([...draft.tiers, { target: '', payout: '' }])}
        >
          <Plus size={16} aria-hidden="true" /> Add tier
        </Button>
      </fieldset>
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
