import { UPLOAD_LIMIT_BYTES } from '../../constants.js';

/** What Materials accepts, checked on the server by content (magic numbers), not only by name. */
export const MATERIAL_FORMATS = {
  pdf: { mime: 'application/pdf', type: 'document', extensions: ['pdf'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    type: 'document',
    extensions: ['docx'],
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    type: 'document',
    extensions: ['xlsx'],
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    type: 'document',
    extensions: ['pptx'],
  },
  csv: { mime: 'text/csv; charset=utf-8', type: 'document', extensions: ['csv'] },
  txt: { mime: 'text/plain; charset=utf-8', type: 'document', extensions: ['txt'] },
  jpg: { mime: 'image/jpeg', type: 'image', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', type: 'image', extensions: ['png'] },
  mp4: { mime: 'video/mp4', type: 'video', extensions: ['mp4', 'm4v'] },
  mp3: { mime: 'audio/mpeg', type: 'audio', extensions: ['mp3'] },
  wav: { mime: 'audio/wav', type: 'audio', extensions: ['wav'] },
} as const;
export type MaterialFormat = keyof typeof MATERIAL_FORMATS;
export type MaterialType = (typeof MATERIAL_FORMATS)[MaterialFormat]['type'];

/** What a voice note may be: what browsers' MediaRecorder produces, plus common audio files. */
export const VOICE_NOTE_FORMATS = {
  webm: { mime: 'audio/webm' },
  ogg: { mime: 'audio/ogg' },
  mp4: { mime: 'audio/mp4' },
  mp3: { mime: 'audio/mpeg' },
  wav: { mime: 'audio/wav' },
} as const;
export type VoiceNoteFormat = keyof typeof VOICE_NOTE_FORMATS;

/** For the file picker's `accept` attribute. */
export const MATERIAL_ACCEPT = Object.values(MATERIAL_FORMATS)
  .flatMap((f) => f.extensions.map((e) => `.${e}`))
  .join(',');

export const UploadMessages = {
  tooLarge: `Files can be at most ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB.`,
  typeNotAllowed: 'Only PDF, DOCX, XLSX, PPTX, CSV, TXT, JPG, PNG, MP4, MP3 and WAV files can be uploaded.',
  contentMismatch:
    "This file's content does not match its name. Only PDF, DOCX, XLSX, PPTX, CSV, TXT, JPG, PNG, MP4, MP3 and WAV files can be uploaded.",
  noFile: 'Please choose a file to upload.',
  emptyFile: 'The file is empty.',
  notAudio: 'Voice notes must be audio recordings (WebM, Ogg, MP4, MP3 or WAV).',
  badForm: 'The upload form is not valid. Please try again.',
} as const;

/** "2.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
