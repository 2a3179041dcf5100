import { REBUTTAL_LIMITS } from '../../../shared/schemas/rebuttals/library.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import { LongTextField, SaveActions } from './EditorFields.js';
import { campaignName, type CampaignOption } from './useCampaignOptions.js';
import { useRebuttalDraft, type EditedRebuttal } from './useRebuttalDraft.js';

/**
 * Writes a new library entry or edits one: a campaign owner for the campaigns they own, an admin for any (the
 * server re-checks who may).
 */
export function RebuttalEditor({
  entry,
  campaigns,
  writableCampaigns,
  onClose,
}: {
  /** The entry to edit; none for a new one. */
  entry: EditedRebuttal;
  campaigns: CampaignOption[];
  writableCampaigns: readonly string[];
  onClose: () => void;
}) {
  const { fields, set, saving, save } = useRebuttalDraft(entry, writableCampaigns, onClose);
  const options = writableCampaigns.map((slug) => ({ id: slug, label: campaignName(campaigns, slug) }));
  return (
    <Dialog
      title={entry ? 'Edit rebuttal' : 'New rebuttal'}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      wide
    >
      <form
        className={page.form}
        style={{ maxWidth: 'none' }}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Select
          label="Campaign"
          placeholder="Choose a campaign"
          options={options}
          value={fields.campaign}
          onChange={set.campaign}
        />
        <TextField
          label="Objection"
          description="What the lead says, e.g. It's too expensive."
          value={fields.objection}
          onChange={set.objection}
          maxLength={REBUTTAL_LIMITS.objection}
        />
        <TextField
          label="Other ways the lead says it"
          description="Optional, separated by commas, e.g. costs too much, over our budget. The live panel shows this rebuttal when it hears the objection or one of these."
          value={fields.phrases}
          onChange={set.phrases}
        />
        <TextField
          label="Category"
          description="Optional, e.g. Price or Timing."
          value={fields.category}
          onChange={set.category}
          maxLength={REBUTTAL_LIMITS.category}
        />
        <LongTextField
          label="Rebuttal"
          value={fields.rebuttal}
          onChange={set.rebuttal}
          maxLength={REBUTTAL_LIMITS.rebuttal}
          rows={6}
        />
        <SaveActions saving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
