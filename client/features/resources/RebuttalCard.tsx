import { Pencil, ThumbsUp, Trash2 } from 'lucide-react';
import type { RebuttalItem } from '../../../shared/schemas/rebuttals/library.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { toggleRebuttalVote } from './rebuttals-store.js';
import styles from './Resources.module.css';

interface RebuttalCardProps {
  entry: Omit<RebuttalItem, 'phrases'> & { phrases: readonly string[] };
  campaignLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** One entry of the team's library: the objection, the phrases that also trigger it, the answer and its votes. */
export function RebuttalCard({ entry, campaignLabel, onEdit, onDelete }: RebuttalCardProps) {
  return (
    <article className={[page.card, styles.rebuttal].join(' ')} aria-label={entry.objection}>
      <div className={page.row}>
        <Badge tone="blue">{campaignLabel}</Badge>
        <Badge>{entry.category}</Badge>
      </div>
      <h3>&ldquo;{entry.objection}&rdquo;</h3>
      {entry.phrases.length > 0 ? (
        <p className={[page.muted, page.small].join(' ')}>Also heard as: {entry.phrases.join(', ')}</p>
      ) : null}
      <p>{entry.rebuttal}</p>
      <div className={styles.itemActions}>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={entry.voted}
          onPress={() => void toggleRebuttalVote(entry.id).catch(() => undefined)}
        >
          <ThumbsUp size={16} aria-hidden="true" fill={entry.voted ? 'currentColor' : 'none'} />
          {/* The name reads "Vote up (3 votes)"; the pressed state says whether the vote is mine. */}
          <span className="visually-hidden">Vote up (</span>
          <span>{entry.votes}</span>
          <span className="visually-hidden"> {entry.votes === 1 ? 'vote' : 'votes'})</span>
        </Button>
        {entry.editable ? (
          <>
            <Button variant="ghost" size="sm" aria-label="Edit rebuttal" onPress={onEdit}>
              <Pencil size={16} aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" aria-label="Delete rebuttal" onPress={onDelete}>
              <Trash2 size={16} aria-hidden="true" />
            </Button>
          </>
        ) : null}
      </div>
    </article>
  );
}
