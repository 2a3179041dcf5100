import { Download, Eye, FileText, Film, Image as ImageIcon, Music, Star, Trash2 } from 'lucide-react';
import type { MaterialItem } from '../../../shared/schemas/materials/list.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { downloadUrl } from './materials-api.js';
import { campaignName } from './useCampaignOptions.js';
import styles from './Resources.module.css';

const TYPE_ICONS = { document: FileText, image: ImageIcon, video: Film, audio: Music } as const;

interface ItemsProps {
  items: MaterialItem[];
  loading: boolean;
  campaigns: { id: string; label: string }[];
  star: (item: MaterialItem) => Promise<void>;
  askDelete: (item: MaterialItem) => void;
}

function StarButton({ item, star }: { item: MaterialItem; star: ItemsProps['star'] }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={item.starred}
      aria-label={`${item.starred ? 'Unstar' : 'Star'} ${item.name}`}
      onPress={() => void star(item)}
      className={item.starred ? styles.starred : undefined}
    >
      <Star size={16} aria-hidden="true" fill={item.starred ? 'currentColor' : 'none'} />
    </Button>
  );
}

function ItemActions({ item, askDelete }: { item: MaterialItem; askDelete: ItemsProps['askDelete'] }) {
  return (
    <div className={styles.itemActions}>
      <a
        className={styles.iconLink}
        href={item.fileUrl}
        target="_blank"
        rel="noopener"
        aria-label={`View ${item.name}`}
      >
        <Eye size={16} aria-hidden="true" />
      </a>
      <a
        className={styles.iconLink}
        href={downloadUrl(item)}
        download={`${item.name}.${item.format}`}
        aria-label={`Download ${item.name}`}
      >
        <Download size={16} aria-hidden="true" />
      </a>
      {item.canDelete ? (
        <Button variant="ghost" size="sm" aria-label={`Delete ${item.name}`} onPress={() => askDelete(item)}>
          <Trash2 size={16} aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

export function MaterialTable({ items, loading, campaigns, star, askDelete }: ItemsProps) {
  return (
    <div className={[page.card, page.tableWrap].join(' ')} aria-busy={loading}>
      <table className={page.table}>
        <caption className="visually-hidden">Materials</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Starred</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Format</th>
            <th scope="col">Campaign</th>
            <th scope="col">Category</th>
            <th scope="col" className={page.num}>
              Size
            </th>
            <th scope="col">Last modified</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const Icon = TYPE_ICONS[item.type];
            return (
              <tr key={item.id}>
                <td>
                  <StarButton item={item} star={star} />
                </td>
                <td>
                  <span className={styles.nameCell}>
                    <Icon size={18} aria-hidden="true" />
                    {item.name}
                    {item.scope === 'personal' ? <Badge>Personal</Badge> : null}
                  </span>
                </td>
                <td>{item.format.toUpperCase()}</td>
                <td>{campaignName(campaigns, item.campaign)}</td>
                <td>{item.category}</td>
                <td className={page.num}>{item.sizeLabel}</td>
                <td>{formatDate(item.lastModified)}</td>
                <td>
                  <ItemActions item={item} askDelete={askDelete} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function MaterialGrid({ items, loading, campaigns, star, askDelete }: ItemsProps) {
  return (
    <ul className={[page.grid, styles.plainList].join(' ')} aria-busy={loading} aria-label="Materials">
      {items.map((item) => {
        const Icon = TYPE_ICONS[item.type];
        return (
          <li key={item.id} className={[page.card, styles.tile].join(' ')}>
            <div className={styles.tilePreview}>
              {item.type === 'image' ? (
                <img src={item.fileUrl} alt="" loading="lazy" />
              ) : (
                <Icon size={40} aria-hidden="true" />
              )}
            </div>
            <div className={styles.tileHead}>
              <h2 className={styles.tileName}>{item.name}</h2>
              <StarButton item={item} star={star} />
            </div>
            <p className={[page.muted, page.small].join(' ')}>
              {item.format.toUpperCase()} · {item.sizeLabel} · {campaignName(campaigns, item.campaign)} ·{' '}
              {item.category}
            </p>
            <p className={[page.muted, page.small].join(' ')}>Last modified {formatDate(item.lastModified)}</p>
            <ItemActions item={item} askDelete={askDelete} />
          </li>
        );
      })}
    </ul>
  );
}
