import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { CAMPAIGN_ROLES } from '../../../shared/schemas/campaigns/list.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import field from '../../ui/Field.module.css';
import type { Draft } from './campaign-draft.js';

type BasicsKey = 'name' | 'description' | 'status' | 'roleNeeded' | 'leadSourceType' | 'payoutRange' | 'campaignTypes';

interface CampaignBasicsFieldsProps {
  draft: Pick<Draft, BasicsKey>;
  set: <K extends BasicsKey>(key: K) => (value: Draft[K]) => void;
  isDisabled: boolean;
}

/** What the campaign is: its name and description, status, the role and lead source it needs, and what it pays. */
export function CampaignBasicsFields({ draft, set, isDisabled }: CampaignBasicsFieldsProps) {
  return (
    <>
      <TextField label="Name" value={draft.name} onChange={set('name')} isRequired isDisabled={isDisabled} />
      <AriaTextField
        className={field.field}
        value={draft.description}
        onChange={set('description')}
        isRequired
        isDisabled={isDisabled}
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
          isDisabled={isDisabled}
        />
        <TextField
          label="Campaign types"
          description="Separated by commas"
          value={draft.campaignTypes}
          onChange={set('campaignTypes')}
          isDisabled={isDisabled}
        />
      </div>
    </>
  );
}
