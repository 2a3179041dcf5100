import { useState } from 'react';
import type { MaterialFolder, MaterialListQuery } from '../../../shared/schemas/materials/list.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import type { MaterialFilters } from './materials-api.js';
import type { CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';

export type MaterialsView = 'list' | 'grid';
type Sort = NonNullable<MaterialListQuery['sort']>;

const VIEWS: { id: MaterialsView; label: string }[] = [
  { id: 'list', label: 'List' },
  { id: 'grid', label: 'Grid' },
];
const SORTS: { id: Sort; label: string }[] = [
  { id: 'lastModified', label: 'Last modified' },
  { id: 'name', label: 'Name' },
  { id: 'size', label: 'Size' },
];
/** The option of each filter that leaves it off. */
export const ALL = 'all';

/** The filters the materials page's user chose, and the list query they make. */
export function useMaterialFilterChoice() {
  const [q, setQ] = useState('');
  const [campaign, setCampaign] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [folder, setFolder] = useState(ALL);
  const [sort, setSort] = useState<Sort>('lastModified');

  const query: MaterialFilters = {
    q,
    campaign: campaign === ALL ? undefined : campaign,
    category: category === ALL ? undefined : category,
    folder: folder === ALL ? undefined : folder,
    sort,
  };
  const narrowed = Boolean(q.trim()) || campaign !== ALL || category !== ALL || folder !== ALL;

  function clear() {
    setQ('');
    setCampaign(ALL);
    setCategory(ALL);
    setFolder(ALL);
  }

  return {
    q,
    setQ,
    campaign,
    setCampaign,
    category,
    setCategory,
    folder,
    setFolder,
    sort,
    setSort,
    query,
    narrowed,
    clear,
  };
}

interface MaterialFilterBarProps {
  choice: ReturnType<typeof useMaterialFilterChoice>;
  campaigns: CampaignOption[];
  categories: string[];
  folders: MaterialFolder[];
  view: MaterialsView;
  onViewChange: (view: MaterialsView) => void;
}

/** Search, the campaign, category and folder filters, the order and the list or grid view of the materials page. */
export function MaterialFilterBar({
  choice,
  campaigns,
  categories,
  folders,
  view,
  onViewChange,
}: MaterialFilterBarProps) {
  return (
    <FilterBar>
      <SearchInput
        label="Search materials"
        hideLabel
        placeholder="Search materials..."
        value={choice.q}
        onChange={choice.setQ}
        className={styles.search}
      />
      <Select
        label="Campaign"
        options={[{ id: ALL, label: 'All campaigns' }, ...campaigns]}
        value={choice.campaign}
        onChange={(value) => choice.setCampaign(value ?? ALL)}
        className={styles.select}
      />
      <Select
        label="Category"
        options={[{ id: ALL, label: 'All categories' }, ...categories.map((name) => ({ id: name, label: name }))]}
        value={choice.category}
        onChange={(value) => choice.setCategory(value ?? ALL)}
        className={styles.select}
      />
      <Select
        label="Folder"
        options={[
          { id: ALL, label: 'All folders' },
          { id: 'root', label: 'Not in a folder' },
          ...folders.map((item) => ({ id: item.id, label: item.name })),
        ]}
        value={choice.folder}
        onChange={(value) => choice.setFolder(value ?? ALL)}
        className={styles.select}
      />
      <Select
        label="Sort by"
        options={SORTS}
        value={choice.sort}
        onChange={(value) => choice.setSort((value as Sort | null) ?? 'lastModified')}
        className={styles.select}
      />
      <FilterGroup label="View" options={VIEWS} value={view} onChange={onViewChange} />
    </FilterBar>
  );
}
