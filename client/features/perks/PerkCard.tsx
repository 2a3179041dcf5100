import { Copy, ExternalLink, MapPin } from 'lucide-react';
import { PerkMessages, type PerkItem } from '../../../shared/schemas/perks/list.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { copyText } from '../../ui/clipboard.js';
import styles from './Perks.module.css';

/** One perk: category and New/Limited badges, the offer, where, until when, its code with Copy, and the partner's link. */
export function PerkCard({ perk }: { perk: PerkItem }) {
  const titleId = `perk-${perk.id}`;
  return (
    <li className={[page.card, styles.perk].join(' ')}>
      <div className={styles.badges}>
        <Badge tone="blue">{perk.category}</Badge>
        {perk.isNew ? <Badge tone="green">New</Badge> : null}
        {perk.isLimited ? <Badge tone="yellow">Limited</Badge> : null}
      </div>
      <h2 id={titleId} className={styles.title}>
        {perk.title}
      </h2>
      <p className={styles.discount}>{perk.discount}</p>
      <p className={styles.description}>{perk.description}</p>
      <p className={[page.muted, page.small, styles.location].join(' ')}>
        <MapPin size={14} aria-hidden="true" /> {perk.location}
      </p>
      {perk.validUntil ? (
        <p className={[page.muted, page.small].join(' ')}>Valid until {formatDate(perk.validUntil)}</p>
      ) : null}
      <div className={styles.codeRow}>
        <code className={styles.code}>{perk.code}</code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Copy discount code for ${perk.title}`}
          onPress={() => void copyText(perk.code, PerkMessages.copied)}
        >
          <Copy size={16} aria-hidden="true" /> Copy
        </Button>
        {perk.link ? (
          <a className={page.link} href={perk.link} target="_blank" rel="noopener noreferrer">
            Visit <ExternalLink size={14} aria-hidden="true" />
            <span className="visually-hidden"> {perk.title} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
