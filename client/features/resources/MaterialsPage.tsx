import {
  Download,
  Eye,
  FileText,
  Film,
  FolderPlus,
  Image as ImageIcon,
  Music,
  Star,
  Trash2,
  Upload,
} from 'lucide-react';
import { useState } from 'react';
import { MaterialMessages, type MaterialItem, type MaterialListQuery } from '../../../shared/schemas/materials/list.js';
import { api } from '../../api/client.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { toast } from '../../ui/toast.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { FolderDialog } from './FolderDialog.js';
import { downloadUrl, useFolders, useMaterials, type MaterialFilters } from './materials-api.js';
import { UploadDialog } from './UploadDialog.js';
import { campaignName, useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

type View = 'list' | 'grid';
type Sort = NonNullable<MaterialListQuery['sort']>;

const VIEWS: { id: View; label: string }[] = [
  { id: 'list', label: 'List' },
  { id: 'grid', label: 'Grid' },
];
const SORTS: { id: Sort; label: string }[] = [
  { id: 'lastModified', label: 'Last modified' },
  { id: 'name', label: 'Name' },
  { id: 'size', label: 'Size' },
];
const ALL = 'all';

const TYPE_ICONS = { document: FileText, image: ImageIcon, video: Film, audio: Music } as const;

export default function MaterialsPage() {
  const campaigns = useCampaignOptions();
  const { folders, reload: reloadFolders } = useFolders();
  const [q, setQ] = useState('');
  const [campaign, setCampaign] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [folder, setFolder] = useState(ALL);
  const [sort, setSort] = useState<Sort>('lastModified');
  const [view, setView] = useState<View>('list');
  const [uploading, setUploading] = useState(false);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [deleting, setDeleting] = useState<MaterialItem | null>(null);

  const filters: MaterialFilters = {
    q,
    campaign: campaign === ALL ? undefined : campaign,
    category: category === ALL ? undefined : category,
    folder: folder === ALL ? undefined : folder,
    sort,
  };
  const { items, categories, loading, failed, patch, reload } = useMaterials(filters);
  const filtered = Boolean(q.trim()) || campaign !== ALL || category !== ALL || folder !== ALL;

  function clearFilters() {
    setQ('');
    setCampaign(ALL);
    setCategory(ALL);
    setFolder(ALL);
  }

  async function star(item: MaterialItem) {
    const answer = await api(`/api/materials/${item.id}/star`, { method: 'POST' }).catch(() => null);
    if (answer) patch(item.id, { starred: answer.starred });
  }

  async function remove(item: MaterialItem) {
    try {
      await api(`/api/materials/${item.id}`, { method: 'DELETE' });
      patch(item.id, null);
      toast({ title: 'Material deleted', description: item.name, variant: 'success' });
    } catch {
      // The API client showed why.
    }
    setDeleting(null);
  }

  const actions = { star, askDelete: setDeleting, campaigns };

  return (
    <section className={page.page} aria-labelledby="materials-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="materials-title" className={page.title}>
            Materials
          </h1>
          <p className={page.subtitle}>Brochures, presentations, price lists and media for your campaigns.</p>
        </div>
        <div className={page.row}>
          <Button variant="secondary" onPress={() => setCreatingFolder(true)}>
            <FolderPlus size={18} aria-hidden="true" /> New Folder
          </Button>
          <Button onPress={() => setUploading(true)}>
            <Upload size={18} aria-hidden="true" /> Upload
          </Button>
        </div>
      </div>
      <FilterBar>
        <SearchInput
          label="Search materials"
          hideLabel
          placeholder="Search materials..."
          value={q}
          onChange={setQ}
          className={styles.search}
        />
        <Select
          label="Campaign"
          options={[{ id: ALL, label: 'All campaigns' }, ...campaigns]}
          value={campaign}
          onChange={(value) => setCampaign(value ?? ALL)}
          className={styles.select}
        />
        <Select
          label="Category"
          options={[{ id: ALL, label: 'All categories' }, ...categories.map((name) => ({ id: name, label: name }))]}
          value={category}
          onChange={(value) => setCategory(value ?? ALL)}
          className={styles.select}
        />
        <Select
          label="Folder"
          options={[
            { id: ALL, label: 'All folders' },
            { id: 'root', label: 'Not in a folder' },
            ...folders.map((item) => ({ id: item.id, label: item.name })),
          ]}
          value={folder}
          onChange={(value) => setFolder(value ?? ALL)}
          className={styles.select}
        />
        <Select
          label="Sort by"
          options={SORTS}
          value={sort}
          onChange={(value) => setSort((value as Sort | null) ?? 'lastModified')}
          className={styles.select}
        />
        <FilterGroup label="View" options={VIEWS} value={view} onChange={setView} />
      </FilterBar>
      {failed ? (
        <LoadFailed title="Materials could not be loaded." onRetry={reload} />
      ) : !loading && items.length === 0 ? (
        <EmptyState title={MaterialMessages.empty}>
          {filtered ? (
            <Button variant="secondary" size="sm" onPress={clearFilters}>
              Clear Filters
            </Button>
          ) : (
            <p className={page.muted}>{MaterialMessages.emptyHint}</p>
          )}
        </EmptyState>
      ) : view === 'list' ? (
        <MaterialTable items={items} loading={loading} {...actions} />
      ) : (
        <MaterialGrid items={items} loading={loading} {...actions} />
      )}
      <UploadDialog
        isOpen={uploading}
        onOpenChange={setUploading}
        campaigns={campaigns}
        folders={folders}
        defaultFolderId={folder === ALL || folder === 'root' ? undefined : folder}
        onUploaded={(item) => {
          // A new material outside the folder the list is filtered to would look lost: show its folder.
          if (folder !== ALL && folder !== (item.folderId ?? 'root')) setFolder(item.folderId ?? 'root');
          reload();
        }}
      />
      <FolderDialog
        isOpen={creatingFolder}
        onOpenChange={setCreatingFolder}
        campaigns={campaigns}
        onCreated={(created) => {
          reloadFolders();
          setFolder(created.id);
        }}
      />
      <ConfirmDelete
        title="Delete material?"
        item={deleting}
        message={(item) => `"${item.name}" will be deleted for everyone who can see it.`}
        onCancel={() => setDeleting(null)}
        onConfirm={(item) => void remove(item)}
      />
    </section>
  );
}

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

function MaterialTable({ items, loading, campaigns, star, askDelete }: ItemsProps) {
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

function MaterialGrid({ items, loading, campaigns, star, askDelete }: ItemsProps) {
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
