import { useEffect, useRef, useState, type RefObject } from 'react';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { formatBytes, MATERIAL_ACCEPT, UploadMessages } from '../../../shared/schemas/materials/formats.js';
import type { MaterialFolder, MaterialItem } from '../../../shared/schemas/materials/list.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { uploadForm } from './upload.js';
import type { CampaignOption } from './useCampaignOptions.js';
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
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  // The name taken from the chosen file, so choosing another file (say after one was refused) replaces it
  // unless the user typed a name of their own.
  const [nameFromFile, setNameFromFile] = useState('');
  const [campaign, setCampaign] = useState('none');
  const [category, setCategory] = useState('');
  const [folderId, setFolderId] = useState('none');
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isOpen)
      setFolderId(
        defaultFolderId && folders.some((folder) => folder.id === defaultFolderId) ? defaultFolderId : 'none',
      );
  }, [isOpen, defaultFolderId, folders]);

  function reset() {
    setFile(null);
    setName('');
    setNameFromFile('');
    setCategory('');
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function close() {
    abort.current?.abort();
    abort.current = null;
    reset();
    onOpenChange(false);
  }

  async function submit() {
    if (!file) {
      errorToast('Error', UploadMessages.noFile);
      return;
    }
    if (file.size > UPLOAD_LIMIT_BYTES) {
      errorToast('Upload failed', UploadMessages.tooLarge);
      return;
    }
    // Text fields first: the server checks the fields it has before it stores the file.
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    if (campaign !== 'none') form.append('campaign', campaign);
    if (category.trim()) form.append('category', category.trim());
    if (folderId !== 'none') form.append('folderId', folderId);
    form.append('file', file, file.name);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const item = await uploadForm<MaterialItem>('/api/materials', form, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      toast({ title: 'Material uploaded', description: item.name, variant: 'success' });
      onUploaded(item);
      reset();
      onOpenChange(false);
    } catch {
      setProgress(null);
    } finally {
      abort.current = null;
    }
  }

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Dialog title="Upload Material" isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <form
        className={page.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <MaterialFileField
          inputRef={fileInput}
          disabled={uploading}
          onChoose={(chosen) => {
            setFile(chosen);
            const derived = chosen ? chosen.name.replace(/\.[^.]+$/, '') : '';
            if (!name.trim() || name === nameFromFile) setName(derived);
            setNameFromFile(derived);
          }}
        />
        <TextField label="Name" value={name} onChange={setName} isDisabled={uploading} maxLength={200} />
        <div className={page.formGrid}>
          <Select
            label="Campaign"
            options={[{ id: 'none', label: 'No campaign' }, ...campaigns]}
            value={campaign}
            onChange={(value) => setCampaign(value ?? 'none')}
            isDisabled={uploading}
          />
          <Select
            label="Folder"
            options={[
              { id: 'none', label: 'No folder' },
              ...folders.map((folder) => ({ id: folder.id, label: folder.name })),
            ]}
            value={folderId}
            onChange={(value) => setFolderId(value ?? 'none')}
            isDisabled={uploading}
          />
        </div>
        <TextField
          label="Category"
          placeholder="General"
          value={category}
          onChange={setCategory}
          isDisabled={uploading}
          maxLength={60}
        />
        <p className={[page.muted, page.small].join(' ')} style={{ margin: 0 }}>
          Uploads by admins, and by owners to their own campaigns, are shared with everyone; other uploads are personal
          (only you see them).
        </p>
        {uploading ? <UploadProgress percent={percent} /> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={close}>
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

interface MaterialFileFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}

/** The file to upload, with the sizes and formats the server takes. */
function MaterialFileField({ inputRef, disabled, onChoose }: MaterialFileFieldProps) {
  return (
    <div className={styles.fileField}>
      <label htmlFor="material-file" className={styles.label}>
        File
      </label>
      <input
        ref={inputRef}
        id="material-file"
        type="file"
        accept={MATERIAL_ACCEPT}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <p className={[page.muted, page.small].join(' ')}>
        Files up to {formatBytes(UPLOAD_LIMIT_BYTES).replace(' ', '')} (PDF, DOCX, XLSX, PPTX, CSV, TXT, JPG, PNG, MP4,
        MP3, WAV).
      </p>
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={styles.progressTrack}
      >
        <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      </div>
      <span className={page.small}>{percent}%</span>
    </div>
  );
}
