import { Network, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { Button, LinkButton } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { joinCampaign, leaveCampaign, selectCampaign } from './actions.js';

interface CampaignActionsProps {
  campaign: CampaignDetail;
  /** The campaign is the one the agent works now. */
  active: boolean;
  onEdit: () => void;
  /** Joining or leaving changed these fields of the campaign. */
  onChange: (change: Partial<CampaignDetail>) => void;
}

/** Edit, Bonsai, and joining, working or leaving the campaign; one request at a time. */
export function CampaignActions({ campaign, active, onEdit, onChange }: CampaignActionsProps) {
  const [busy, setBusy] = useState(false);
  const soon = campaign.status === 'coming-soon';
  const run = (task: () => Promise<unknown>) => {
    setBusy(true);
    task()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <div className={page.row}>
      {campaign.canEdit ? (
        <Button variant="secondary" onPress={onEdit}>
          <Pencil size={16} aria-hidden="true" /> Edit
        </Button>
      ) : null}
      <LinkButton variant="secondary" href={`/dashboard/bonsai?campaign=${campaign.slug}`}>
        <Network size={16} aria-hidden="true" /> Bonsai
      </LinkButton>
      {campaign.joined ? (
        <>
          {!active && !soon ? (
            <Button variant="secondary" isDisabled={busy} onPress={() => run(() => selectCampaign(campaign))}>
              Work this campaign
            </Button>
          ) : null}
          <Button
            variant="ghost"
            isDisabled={busy}
            onPress={() =>
              run(() =>
                leaveCampaign(campaign).then((answer) =>
                  onChange({ joined: answer.joined, agentCount: answer.agentCount }),
                ),
              )
            }
          >
            Leave Campaign
          </Button>
        </>
      ) : (
        <Button
          isDisabled={busy}
          onPress={() =>
            run(() =>
              joinCampaign(campaign).then((answer) => {
                if (answer) onChange({ joined: answer.joined, agentCount: answer.agentCount });
              }),
            )
          }
        >
          Join Campaign
        </Button>
      )}
    </div>
  );
}
