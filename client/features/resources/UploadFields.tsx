import type { RefObject } from 'react';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { formatBytes, MATERIAL_ACCEPT } from '../../../shared/schemas/materials/formats.js';
import page from '../../ui/Page.module.css';
import styles from './Resources.module.css';

interface MaterialFileFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}

/** The file to upload, with the sizes and formats the server takes. */
export function MaterialFileField({ inputRef, disabled, onChoose }: MaterialFileFieldProps) {
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

/** How much of the file has been sent, as a bar and a figure. */
export function UploadProgress({ percent }: { percent: number }) {
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
