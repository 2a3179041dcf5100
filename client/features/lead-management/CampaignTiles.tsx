import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { Badge } from '../../ui/Badge.js';
import styles from '../../ui/Leads.module.css';
import type { CampaignTile } from './campaign-choice.js';

/** One toggle a campaign, with what it is to the user (theirs, joined, its agents, or coming soon). */
export function CampaignTiles({
  slug,
  tiles,
  userId,
  onChange,
}: {
  slug?: string;
  tiles: CampaignTile[];
  userId?: string;
  onChange: (slug: string) => void;
}) {
  return (
    <ToggleButtonGroup
      aria-label="Campaign"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={slug ? [slug] : []}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next != null) onChange(String(next));
      }}
      className={styles.tiles}
    >
      {tiles.map(({ slug: key, name, campaign }) => {
        const tag = !campaign
          ? 'Coming soon'
          : campaign.ownerId && campaign.ownerId === userId
            ? 'Your campaign'
            : campaign.joined
              ? 'Joined'
              : `${campaign.agentCount} agents`;
        return (
          <ToggleButton key={key} id={key} className={styles.tile}>
            <span className={styles.tileName}>{name}</span>
            <Badge tone={campaign?.joined || tag === 'Your campaign' ? 'green' : 'grey'}>{tag}</Badge>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
