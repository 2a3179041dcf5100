import type { MaterialFolder, MaterialItem } from '../../../shared/schemas/materials/list.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import { MaterialFileField, UploadProgress } from './UploadFields.js';
import type { CampaignOption } from './useCampaignOptions.js';
import { useMaterialUpload } from './useMaterialUpload.js';
import styles from './Resources.module.css';

interface UploadDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: CampaignOption[];
  folders: MaterialFolder[];
  /** The folder the list shows, offered as the upload's folder. */
  defaultFolderId?: string;
  onUploaded: (item: MaterialItem) => void;
}

export function UploadDialog({
  isOpen,
  onOpenChange,
  campaigns,
  folders,
  defaultFolderId,
  onUploaded,
}: UploadDialogProps) {
  const upload = useMaterialUpload({ isOpen, onOpenChange, folders, defaultFolderId, onUploaded });
  const { fields, set } = upload;
  const uploading = upload.progress !== null;
  const percent = Math.round((upload.progress ?? 0) * 100);

  return (
    <Dialog
      title="Upload Material"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : upload.close())}
    >
      <form
        className={page.form}
        onSubmit={(event) => {
          event.preventDefault();
          void upload.submit();
        }}
      >
        <MaterialFileField inputRef={upload.fileInput} disabled={uploading} onChoose={upload.chooseFile} />
        <TextField label="Name" value={fields.name} onChange={set.name} isDisabled={uploading} maxLength={200} />
        <div className={page.formGrid}>
          <Select
            label="Campaign"
            options={[{ id: 'none', label: 'No campaign' }, ...campaigns]}
            value={fields.campaign}
            onChange={(value) => set.campaign(value ?? 'none')}
            isDisabled={uploading}
          />
          <Select
            label="Folder"
            options={[
              { id: 'none', label: 'No folder' },
              ...folders.map((folder) => ({ id: folder.id, label: folder.name })),
            ]}
            value={fields.folderId}
            onChange={(value) => set.folderId(value ?? 'none')}
            isDisabled={uploading}
          />
        </div>
        <TextField
          label="Category"
          placeholder="General"
          value={fields.category}
          onChange={set.category}
          isDisabled={uploading}
          maxLength={60}
        />
        <p className={[page.muted, page.small].join(' ')} style={{ margin: 0 }}>
          Uploads by admins, and by owners to their own campaigns, are shared with everyone; other uploads are personal
          (only you see them).
        </p>
        {uploading ? <UploadProgress percent={percent} /> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={upload.close}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
