import { useEffect, useRef, useState } from 'react';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { UploadMessages } from '../../../shared/schemas/materials/formats.js';
import type { MaterialFolder, MaterialItem } from '../../../shared/schemas/materials/list.js';
import { errorToast, toast } from '../../ui/toast.js';
import { uploadForm } from './upload.js';

interface MaterialUploadOptions {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  folders: MaterialFolder[];
  /** The folder the list shows, offered as the upload's folder. */
  defaultFolderId?: string;
  onUploaded: (item: MaterialItem) => void;
}

/**
 * The upload dialog's fields and the upload itself: checked before sending, sent with its progress (null while
 * nothing is being sent), cancelled when the dialog closes, and the fields cleared once it is stored.
 */
export function useMaterialUpload({
  isOpen,
  onOpenChange,
  folders,
  defaultFolderId,
  onUploaded,
}: MaterialUploadOptions) {
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

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    const derived = chosen ? chosen.name.replace(/\.[^.]+$/, '') : '';
    if (!name.trim() || name === nameFromFile) setName(derived);
    setNameFromFile(derived);
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

  return {
    fields: { name, campaign, category, folderId },
    set: { name: setName, campaign: setCampaign, category: setCategory, folderId: setFolderId },
    progress,
    fileInput,
    chooseFile,
    submit,
    close,
  };
}
