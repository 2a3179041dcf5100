import type { MaterialFormat, VoiceNoteFormat } from '../../../shared/schemas/materials/formats.js';

/** How many leading bytes the checks below look at (enough for the first entries of an Office zip). */
export const SNIFF_BYTES = 8 * 1024;

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
};

const isPdf = (head: Buffer) => head.subarray(0, 1024).includes(Buffer.from('%PDF-'));
const isJpeg = (head: Buffer) => startsWith(head, [0xff, 0xd8, 0xff]);
const isPng = (head: Buffer) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isIsoMedia = (head: Buffer) => startsWith(head, 'ftyp', 4);
const isWav = (head: Buffer) => startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8);
const isWebm = (head: Buffer) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);
const isOgg = (head: Buffer) => startsWith(head, 'OggS');
const isZip = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
const isMp3 = (head: Buffer) =>
  startsWith(head, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe6) === 0xe2);

const OFFICE_PARTS: Record<'docx' | 'xlsx' | 'pptx', string> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

/** An Office Open XML package of the kind its name says: a zip with the OOXML parts, not another kind's. */
function officeKind(head: Buffer, claimed: 'docx' | 'xlsx' | 'pptx'): boolean {
  if (!isZip(head)) return false;
  const text = head.toString('latin1');
  const isOoxml = ['[Content_Types].xml', '_rels/.rels', 'docProps/', ...Object.values(OFFICE_PARTS)].some((marker) =>
    text.includes(marker),
  );
  if (!isOoxml) return false;
  if (text.includes(OFFICE_PARTS[claimed])) return true;
  // The kind's own folder may come later in the zip; refuse only when another kind's folder shows up first.
  return !Object.entries(OFFICE_PARTS).some(([kind, part]) => kind !== claimed && text.includes(part));
}

/** UTF-8 text (BOM allowed) with no binary control bytes; a multibyte character cut at the end of the head is fine. */
function isText(head: Buffer, complete: boolean): boolean {
  for (const byte of head)
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b) || byte === 0x7f) return false;
  let body = head;
  if (!complete) {
    let cut = 0;
    while (cut < 3 && body.length - cut > 0 && (body[body.length - 1 - cut] & 0xc0) === 0x80) cut++;
    const lead = body.length - 1 - cut;
    if (lead >= 0 && body[lead] >= 0xc0) body = body.subarray(0, lead);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return match ? match[1].toLowerCase() : '';
}

const EXTENSION_FORMATS: Record<string, MaterialFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  csv: 'csv',
  txt: 'txt',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  mp4: 'mp4',
  m4v: 'mp4',
  mp3: 'mp3',
  wav: 'wav',
};

export type MaterialCheck = { ok: true; format: MaterialFormat } | { ok: false; reason: 'type' | 'mismatch' };

/**
 * The name says which allowed format the file claims to be; the leading bytes must agree.
 * `complete` says the head is the whole file (small files), so text checks need not allow a cut character.
 */
export function checkMaterial(head: Buffer, filename: string, complete: boolean): MaterialCheck {
  const claimed = EXTENSION_FORMATS[extensionOf(filename)];
  if (!claimed) return { ok: false, reason: 'type' };
  const matches: Record<MaterialFormat, () => boolean> = {
    pdf: () => isPdf(head),
    docx: () => officeKind(head, 'docx'),
    xlsx: () => officeKind(head, 'xlsx'),
    pptx: () => officeKind(head, 'pptx'),
    csv: () => isText(head, complete),
    txt: () => isText(head, complete),
    jpg: () => isJpeg(head),
    png: () => isPng(head),
    mp4: () => isIsoMedia(head),
    mp3: () => isMp3(head),
    wav: () => isWav(head),
  };
  return matches[claimed]() ? { ok: true, format: claimed } : { ok: false, reason: 'mismatch' };
}

/** Audio recordings by content only (MediaRecorder names its blobs however it likes). */
export function detectVoiceNoteFormat(head: Buffer): VoiceNoteFormat | undefined {
  if (isWebm(head)) return 'webm';
  if (isOgg(head)) return 'ogg';
  if (isIsoMedia(head)) return 'mp4';
  if (isWav(head)) return 'wav';
  if (isMp3(head)) return 'mp3';
  return undefined;
}
