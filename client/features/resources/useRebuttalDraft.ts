import { useState } from 'react';
import {
  REBUTTAL_LIMITS,
  RebuttalBody,
  RebuttalLibraryMessages,
  type RebuttalItem,
} from '../../../shared/schemas/rebuttals/library.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { errorToast, toast } from '../../ui/toast.js';
import { applySavedRebuttal } from './rebuttals-store.js';

/** The entry the editor opens with; none for a new one. */
export type EditedRebuttal = (Omit<RebuttalItem, 'phrases'> & { phrases: readonly string[] }) | null;

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
 * The editor's fields, from the entry or blank (the campaign preset when the writer has only one), and Save: checked
 * here first, then created or replaced, applied to the library and the editor closed.
 */
export function useRebuttalDraft(entry: EditedRebuttal, writableCampaigns: readonly string[], onClose: () => void) {
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

  return {
    fields: { campaign, objection, phrases, category, rebuttal },
    set: {
      campaign: setCampaign,
      objection: setObjection,
      phrases: setPhrases,
      category: setCategory,
      rebuttal: setRebuttal,
    },
    saving,
    save,
  };
}
