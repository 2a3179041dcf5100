import { FolderPlus, Upload } from 'lucide-react';
import { useState } from 'react';
import { MaterialMessages } from '../../../shared/schemas/materials/list.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { FolderDialog } from './FolderDialog.js';
import { ALL, MaterialFilterBar, useMaterialFilterChoice, type MaterialsView } from './MaterialFilterBar.js';
import { MaterialGrid, MaterialTable } from './MaterialItems.js';
import { useFolders, useMaterialActions, useMaterials } from './materials-api.js';
import { UploadDialog } from './UploadDialog.js';
import { useCampaignOptions } from './useCampaignOptions.js';

export default function MaterialsPage() {
  const campaigns = useCampaignOptions();
  const { folders, reload: reloadFolders } = useFolders();
  const choice = useMaterialFilterChoice();
  const [view, setView] = useState<MaterialsView>('list');
  const [uploading, setUploading] = useState(false);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const { items, categories, loading, failed, patch, reload } = useMaterials(choice.query);
  const { star, remove, deleting, askDelete } = useMaterialActions(patch);
  const { folder, setFolder } = choice;
  const actions = { star, askDelete, campaigns };

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
      <MaterialFilterBar
        choice={choice}
        campaigns={campaigns}
        categories={categories}
        folders={folders}
        view={view}
        onViewChange={setView}
      />
      {failed ? (
        <LoadFailed title="Materials could not be loaded." onRetry={reload} />
      ) : !loading && items.length === 0 ? (
        <EmptyState title={MaterialMessages.empty}>
          {choice.narrowed ? (
            <Button variant="secondary" size="sm" onPress={choice.clear}>
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
        onCancel={() => askDelete(null)}
        onConfirm={(item) => void remove(item)}
      />
    </section>
  );
}
