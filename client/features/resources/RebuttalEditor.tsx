import { useState } from 'react';
import {
  REBUTTAL_LIMITS,
  RebuttalBody,
  RebuttalLibraryMessages,
  type RebuttalItem,
} from '../../../shared/schemas/rebuttals/library.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { LongTextField, SaveActions } from './EditorFields.js';
import { applySavedRebuttal } from './rebuttals-store.js';
import { campaignName, type CampaignOption } from './useCampaignOptions.js';

/** "costs too much, over our budget" -> two phrases. */
function splitPhrases(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}

/** The first rule the entry breaks, in the server's words; the server checks the same again. */
function problemWith(body: RebuttalBody): string | undefined {
  if (!body.campaign) return RebuttalLibraryMessages.campaignMissing;
  if (!body.objection.trim()) return RebuttalLibraryMessages.objectionEmpty;
  if (!body.rebuttal.trim()) return RebuttalLibraryMessages.rebuttalEmpty;
  if (body.phrases.length > REBUTTAL_LIMITS.phrases || body.phrases.some((p) => p.length < 2 || p.length > 60))
    return RebuttalLibraryMessages.phrasesInvalid;
  return schemaError(RebuttalBody, body);
}

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
  entry: (Omit<RebuttalItem, 'phrases'> & { phrases: readonly string[] }) | null;
  campaigns: CampaignOption[];
  writableCampaigns: readonly string[];
  onClose: () => void;
}) {
  const [campaign, setCampaign] = useState<string | null>(
    entry?.campaign ?? (writableCampaigns.length === 1 ? writableCampaigns[0]! : null),
  );
  const [objection, setObjection] = useState(entry?.objection ?? '');
  const [phrases, setPhrases] = useState(entry?.phrases.join(', ') ?? '');
  const [category, setCategory] = useState(entry?.category ?? '');
  const [rebuttal, setRebuttal] = useState(entry?.rebuttal ?? '');
  const [saving, setSaving] = useState(false);

  async function save() {
    const body: RebuttalBody = {
      campaign: campaign ?? '',
      objection: objection.trim(),
      phrases: splitPhrases(phrases),
      category: category.trim(),
      rebuttal: rebuttal.trim(),
    };
    const problem = problemWith(body);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSaving(true);
    try {
      const saved = entry
        ? await api(`/api/rebuttals/${entry.id}`, { method: 'PUT', body })
        : await api('/api/rebuttals', { body });
      applySavedRebuttal(saved);
      toast({ title: RebuttalLibraryMessages.saved, description: `“${saved.objection}”`, variant: 'success' });
      onClose();
    } catch {
      // The API client showed why.
    } finally {
      setSaving(false);
    }
  }

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
          value={campaign}
          onChange={setCampaign}
        />
        <TextField
          label="Objection"
          description="What the lead says, e.g. It's too expensive."
          value={objection}
          onChange={setObjection}
          maxLength={REBUTTAL_LIMITS.objection}
        />
        <TextField
          label="Other ways the lead says it"
          description="Optional, separated by commas, e.g. costs too much, over our budget. The live panel shows this rebuttal when it hears the objection or one of these."
          value={phrases}
          onChange={setPhrases}
        />
        <TextField
          label="Category"
          description="Optional, e.g. Price or Timing."
          value={category}
          onChange={setCategory}
          maxLength={REBUTTAL_LIMITS.category}
        />
        <LongTextField
          label="Rebuttal"
          value={rebuttal}
          onChange={setRebuttal}
          maxLength={REBUTTAL_LIMITS.rebuttal}
          rows={6}
        />
        <SaveActions saving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
