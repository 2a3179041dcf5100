import { Phone } from 'lucide-react';
import type { BonsaiMember, BonsaiNode, BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import { Avatar } from '../../ui/Avatar.js';
import { formatCents } from '../../ui/format.js';
import styles from './Bonsai.module.css';

interface TreeProps {
  data: Pick<BonsaiResponse, 'tree' | 'members' | 'stats'>;
  viewerSeed?: string;
}

function NodeCard({
  node,
  member,
  isRoot,
  viewerSeed,
}: {
  node: BonsaiNode;
  member?: BonsaiMember;
  isRoot: boolean;
  viewerSeed?: string;
}) {
  return (
    <div
      className={[styles.node, isRoot ? styles.rootNode : '', member && !member.inCampaign ? styles.outside : ''].join(
        ' ',
      )}
    >
      <Avatar name={node.name} seed={member?.avatarSeed ?? (isRoot ? viewerSeed : undefined)} size={36} />
      <div className={styles.nodeText}>
        <span className={styles.nodeName}>
          {isRoot ? `${node.name} (you)` : node.name}
          {member?.onCall ? (
            <span className={styles.onCall}>
              <Phone size={12} aria-hidden="true" /> On a call
            </span>
          ) : null}
        </span>
        {isRoot ? (
          <span className={styles.nodeMeta}>Level 0</span>
        ) : member ? (
          <span className={styles.nodeMeta}>
            Level {node.level} · earned {formatCents(member.earnings)} · {formatCents(member.overrideToViewer)} to you
            {member.inCampaign ? '' : ' · not in this campaign'}
          </span>
        ) : (
          <span className={styles.nodeMeta}>Level {node.level}</span>
        )}
      </div>
    </div>
  );
}

function Branch({
  node,
  members,
  viewerSeed,
}: {
  node: BonsaiNode;
  members: Map<string, BonsaiMember>;
  viewerSeed?: string;
}) {
  return (
    <li>
      <NodeCard node={node} member={members.get(node.id)} isRoot={node.level === 0} viewerSeed={viewerSeed} />
      {node.children.length ? (
        <ul className={styles.branch}>
          {node.children.map((child) => (
            <Branch key={child.id} node={child} members={members} viewerSeed={viewerSeed} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The referral tree, levels 0-3; agents deeper than level 3 are only counted. */
export function BonsaiTree({ data, viewerSeed }: TreeProps) {
  const members = new Map(data.members.map((member) => [member.id, member]));
  const { levelCounts, deeperCount } = data.stats;
  return (
    <div className={styles.treeWrap} data-testid="bonsai-tree">
      <ul className={styles.tree} aria-label="Your Bonsai referral tree">
        <Branch node={data.tree} members={members} viewerSeed={viewerSeed} />
      </ul>
      <p className={styles.levelSummary}>
        Level 1: {levelCounts.level1} · Level 2: {levelCounts.level2} · Level 3: {levelCounts.level3}
        {deeperCount ? ` · ${deeperCount} more below level 3 (not shown)` : ''}
      </p>
    </div>
  );
}
