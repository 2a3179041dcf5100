import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceNoteItem } from '../../shared/schemas/voice-notes/list.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

const webm = (size: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('voice notes', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let author: CreatedUser;
  let other: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    [author, other] = await Promise.all([createUser(testApp, { name: 'Voice Author' }), createUser(testApp)]);
  });
  afterAll(() => testApp?.close());

  async function save(who: CreatedUser, fields: Record<string, string>, audio: Uint8Array) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('audio', new Blob([audio as BlobPart], { type: 'audio/webm' }), 'recording.webm');
    const res = await fetch(`${testApp.url}/api/voice-notes`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who.accessToken}` },
    });
    return { status: res.status, body: (await res.json()) as { note: VoiceNoteItem; message: string; error?: string } };
  }
  const filesStored = () => testApp.platform.db.collection('voiceNotes.files').countDocuments();

  it('requires a name with the spec alert and refuses non-audio, storing nothing', async () => {
    const unnamed = await save(author, { title: '   ', duration: '5' }, webm(4000));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toBe('Please provide a name for your recording');
    const text = await save(author, { title: 'Not audio' }, Buffer.from('hello there, this is text'));
    expect(text.body.error).toBe('Voice notes must be audio recordings (WebM, Ogg, MP4, MP3 or WAV).');
    expect(await filesStored()).toBe(0);
  });

  it('saves, lists with sorts and search, plays back by range, and lets the author type the transcription', async () => {
    const audio = webm(50_000);
    const saved = await save(
      author,
      { title: 'Call recap', duration: '75', transcription: 'Client wants 20 rooms' },
      audio,
    );
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Recording "Call recap" saved successfully!');
    expect(saved.body.note).toMatchObject({
      title: 'Call recap',
      duration: 75,
      durationLabel: '1:15',
      mime: 'audio/webm',
      transcription: 'Client wants 20 rooms',
      mine: true,
    });
    await save(author, { title: 'Alpha idea', duration: '9' }, webm(2000));
    await save(other, { title: 'Zulu long one', duration: '300' }, webm(2000));

    const list = async (query = '') =>
      (
        await http.get<{ items: VoiceNoteItem[] }>(`/api/voice-notes${query}`, { token: other.accessToken })
      ).body.items.map((n) => n.title);
    expect(await list()).toEqual(['Zulu long one', 'Alpha idea', 'Call recap']);
    expect(await list('?sort=title')).toEqual(['Alpha idea', 'Call recap', 'Zulu long one']);
    expect(await list('?sort=duration')).toEqual(['Zulu long one', 'Call recap', 'Alpha idea']);
    expect(await list('?q=rooms')).toEqual(['Call recap']);

    const whole = await fetch(`${testApp.url}${saved.body.note.audioUrl}`);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(audio));
    const part = await fetch(`${testApp.url}${saved.body.note.audioUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(0, 100))).toBe(true);

    const url = `/api/voice-notes/${saved.body.note.id}`;
    expect((await http.patch(url, { transcription: 'hijack' }, { token: other.accessToken })).status).toBe(403);
    expect(
      (await http.patch<VoiceNoteItem>(url, { transcription: 'Client wants 25 rooms' }, { token: author.accessToken }))
        .body.transcription,
    ).toBe('Client wants 25 rooms');
    expect(
      (await http.patch<VoiceNoteItem>(url, { transcription: '' }, { token: author.accessToken })).body.transcription,
    ).toBeUndefined();
    expect((await http.delete(url, { token: other.accessToken })).status).toBe(403);
    expect((await http.delete(url, { token: author.accessToken })).status).toBe(204);
    expect(await filesStored()).toBe(2);
    expect((await http.get('/api/voice-notes')).status).toBe(401);
  });
});
