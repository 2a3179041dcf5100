import { useState, type FormEvent } from 'react';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { CampaignCreateBody, CampaignUpdateBody } from '../../../shared/schemas/campaigns/save.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { errorToast, toast } from '../../ui/toast.js';
import { stateRulesProblem } from './state-rule-rows.js';
import { closingDesksProblem } from './ClosingDesksFields.js';
import { bodyFrom, callingHoursProblem, draftFrom, type Draft } from './campaign-draft.js';

/**
 * The campaign form's draft (from `campaign`, or empty for a new one) and its submit: checked here first (the first
 * problem is shown and toasted), then created or saved.
 */
export function useCampaignForm(campaign: CampaignDetail | undefined, onSaved: (campaign: CampaignDetail) => void) {
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

  return { draft, setDraft, set, problem, saving, submit };
}
