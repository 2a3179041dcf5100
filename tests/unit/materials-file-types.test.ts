import { describe, expect, it } from 'vitest';
import { checkMaterial, detectVoiceNoteFormat } from '../../server/features/materials/file-types.js';
import { parseRange } from '../../server/features/materials/storage.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('material content checks', () => {
  it('accepts each allowed format by its magic number and refuses disguises', () => {
    expect(checkMaterial(bytes('%PDF-1.4\n', [0, 1, 2]), 'a.pdf', true)).toEqual({ ok: true, format: 'pdf' });
    expect(checkMaterial(bytes('MZ', [0x90, 0, 3, 0]), 'a.pdf', true)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkMaterial(bytes('MZ', [0x90, 0]), 'a.exe', true)).toEqual({ ok: false, reason: 'type' });
    expect(checkMaterial(bytes([0xff, 0xd8, 0xff, 0xdb]), 'a.jpeg', true)).toMatchObject({ format: 'jpg' });
    expect(checkMaterial(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'A.PNG', true)).toMatchObject({
      format: 'png',
    });
    expect(checkMaterial(bytes([0, 0, 0, 0x18], 'ftypmp42'), 'clip.mp4', true)).toMatchObject({ format: 'mp4' });
    expect(checkMaterial(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.wav', true)).toMatchObject({ format: 'wav' });
    expect(checkMaterial(bytes('ID3', [4, 0]), 'a.mp3', true)).toMatchObject({ format: 'mp3' });
    expect(checkMaterial(bytes([0xff, 0xfb, 0x90]), 'a.mp3', true)).toMatchObject({ format: 'mp3' });
    expect(checkMaterial(bytes([0xff, 0xd8, 0xff]), 'a.mp3', true)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('tells Office kinds apart and refuses a plain zip', () => {
    const docx = bytes('PK', [3, 4], '[Content_Types].xml....word/document.xml');
    expect(checkMaterial(docx, 'a.docx', false)).toMatchObject({ format: 'docx' });
    expect(checkMaterial(docx, 'a.xlsx', false)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkMaterial(bytes('PK', [3, 4], '[Content_Types].xml'), 'a.pptx', false)).toMatchObject({
      format: 'pptx',
    });
    expect(checkMaterial(bytes('PK', [3, 4], 'photos/cat.jpg'), 'a.docx', false)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('takes UTF-8 text for CSV/TXT, also when the head cuts a character, and refuses binary', () => {
    expect(checkMaterial(Buffer.from('name,city\nAda,Cairo\n'), 'a.csv', true)).toMatchObject({ format: 'csv' });
    const cut = Buffer.from('héllo €').subarray(0, -1);
    expect(checkMaterial(cut, 'a.txt', false)).toMatchObject({ format: 'txt' });
    expect(checkMaterial(cut, 'a.txt', true)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkMaterial(bytes('abc', [0], 'def'), 'a.txt', true)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('detects recordings by content only', () => {
    expect(detectVoiceNoteFormat(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe('webm');
    expect(detectVoiceNoteFormat(bytes('OggS', [0]))).toBe('ogg');
    expect(detectVoiceNoteFormat(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('mp4');
    expect(detectVoiceNoteFormat(bytes('%PDF-'))).toBeUndefined();
  });
});

describe('byte ranges', () => {
  it('parses single ranges and refuses ones outside the file', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-4', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
  });
});
