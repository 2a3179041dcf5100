import { ObjectId } from 'mongodb';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { UploadMessages, VOICE_NOTE_FORMATS } from '../../../shared/schemas/materials/formats.js';
import {
  VoiceNoteMessages,
  formatDuration,
  type VoiceNoteCreated,
  type VoiceNoteItem,
  type VoiceNoteListQuery,
  type VoiceNotePatchBody,
} from '../../../shared/schemas/voice-notes/list.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { signFileLink } from '../../platform/file-links.js';
import { findCampaignByIdOrSlug } from '../campaigns/public.js';
import { detectVoiceNoteFormat } from '../materials/public.js';
import { fileAnswer, type UploadPart } from '../materials/public.js';
import type { FileAnswer } from '../../platform/file-answers.js';
import { deleteStoredFile, storeStream, voiceNotesBucket } from '../materials/public.js';
import { userSummaries, type UserDoc } from '../users/public.js';
import { emitVoiceNotesChanged } from './events.js';
import {
  deleteVoiceNoteRecord,
  findVoiceNote,
  insertVoiceNote,
  listVoiceNotes,
  updateVoiceNote,
  type VoiceNoteDoc,
} from './repository.js';

const MAX_DURATION_SECONDS = 3 * 3600;
const TRANSCRIPTION_MAX = 20_000;

async function toItems(platform: Platform, viewer: UserDoc, docs: VoiceNoteDoc[]): Promise<VoiceNoteItem[]> {
  const authors = await userSummaries(
    platform.db,
    docs.map((d) => d.createdBy),
  );
  return docs.map((doc) => {
    const id = doc._id.toHexString();
    return {
      id,
      title: doc.title,
      campaign: doc.campaign,
      date: doc.createdAt.toISOString(),
      duration: doc.duration,
      durationLabel: formatDuration(doc.duration),
      createdBy: {
        id: doc.createdBy.toHexString(),
        name: authors.get(doc.createdBy.toHexString())?.name ?? 'Former member',
      },
      audioUrl: `/api/voice-notes/${id}/audio?sig=${signFileLink(platform, 'voice-note', id, viewer._id.toHexString())}`,
      mime: doc.contentType,
      ...(doc.transcription ? { transcription: doc.transcription } : {}),
      mine: doc.createdBy.equals(viewer._id),
    };
  });
}

const SORTS = { date: ['createdAt', -1], title: ['title', 1], duration: ['duration', -1] } as const;

export async function voiceNotesFor(
  platform: Platform,
  viewer: UserDoc,
  query: VoiceNoteListQuery,
): Promise<VoiceNoteItem[]> {
  const [field, defaultDirection] = SORTS[query.sort ?? 'date'];
  const direction = query.order ? (query.order === 'asc' ? 1 : -1) : defaultDirection;
  const docs = await listVoiceNotes(platform.db, {
    q: query.q,
    campaign: query.campaign?.trim() || undefined,
    sort: { field, direction },
    limit: query.limit ?? 200,
  });
  return toItems(platform, viewer, docs);
}

interface NoteFields {
  title?: string;
  campaign?: string;
  duration?: string;
  transcription?: string;
}

function checkedTitle(fields: NoteFields): string {
  const title = fields.title?.trim();
  if (!title) throw badRequest(VoiceNoteMessages.nameRequired);
  if (title.length > 200) throw badRequest('Names can be at most 200 characters.');
  return title;
}

async function checkedCampaign(platform: Platform, value: string | undefined): Promise<string | null> {
  if (!value?.trim()) return null;
  const campaign = await findCampaignByIdOrSlug(platform.db, value.trim());
  if (!campaign) throw badRequest('This campaign does not exist.');
  return campaign.slug;
}

/** Multipart: `title` (required, the spec's alert otherwise), `campaign?`, `duration` (seconds), `transcription?`, then `audio`. */
export async function saveVoiceNote(
  platform: Platform,
  author: UserDoc,
  parts: AsyncIterable<UploadPart>,
): Promise<VoiceNoteCreated> {
  const fields: NoteFields = {};
  const bucket = voiceNotesBucket(platform.db);
  let stored: { fileId: ObjectId; length: number; contentType: string } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (
          ['title', 'campaign', 'duration', 'transcription'].includes(part.fieldname) &&
          typeof part.value === 'string'
        ) {
          fields[part.fieldname as keyof NoteFields] = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'audio' || stored || !part.file) {
        part.file?.resume();
        continue;
      }
      checkedTitle(fields);
      const file = part.file;
      stored = await storeStream(bucket, file, {
        filename: `${(part.filename ?? 'recording').trim() || 'recording'}`,
        limitBytes: UPLOAD_LIMIT_BYTES,
        truncated: () => Boolean(file.truncated),
        metadata: { uploadedBy: author._id },
        accept(head) {
          const format = detectVoiceNoteFormat(head);
          if (!format) throw badRequest(UploadMessages.notAudio);
          return { contentType: VOICE_NOTE_FORMATS[format].mime };
        },
      });
    }
    const title = checkedTitle(fields);
    if (!stored) throw badRequest(UploadMessages.noFile);
    const duration = Math.round(Number(fields.duration ?? 0));
    const transcription = fields.transcription?.replace(/\r\n?/g, '\n').trim();
    if (transcription && transcription.length > TRANSCRIPTION_MAX)
      throw badRequest(VoiceNoteMessages.transcriptionTooLong);
    const now = platform.clock.now();
    const doc: VoiceNoteDoc = {
      _id: new ObjectId(),
      title,
      campaign: await checkedCampaign(platform, fields.campaign),
      duration: Number.isFinite(duration) ? Math.min(Math.max(duration, 0), MAX_DURATION_SECONDS) : 0,
      fileId: stored.fileId,
      contentType: stored.contentType,
      size: stored.length,
      ...(transcription ? { transcription } : {}),
      createdBy: author._id,
      createdAt: now,
      updatedAt: now,
    };
    await insertVoiceNote(platform.db, doc);
    emitVoiceNotesChanged(platform, { id: doc._id.toHexString(), change: 'created' });
    return { note: (await toItems(platform, author, [doc]))[0], message: VoiceNoteMessages.saved(title) };
  } catch (error) {
    if (stored) await deleteStoredFile(bucket, stored.fileId);
    throw error;
  }
}

async function existing(platform: Platform, id: string): Promise<VoiceNoteDoc> {
  const note = await findVoiceNote(platform.db, new ObjectId(id));
  if (!note) throw notFound(VoiceNoteMessages.notFound);
  return note;
}

/** The author types (or fixes) the transcription and the title. */
export async function editVoiceNote(
  platform: Platform,
  user: UserDoc,
  id: string,
  body: VoiceNotePatchBody,
): Promise<VoiceNoteItem> {
  const note = await existing(platform, id);
  if (!note.createdBy.equals(user._id)) throw forbidden(VoiceNoteMessages.authorOnly);
  const set: Partial<Pick<VoiceNoteDoc, 'title' | 'transcription'>> = {};
  const unset: Array<'transcription'> = [];
  if (body.title !== undefined) set.title = checkedTitle({ title: body.title });
  if (body.transcription !== undefined) {
    const text = body.transcription.replace(/\r\n?/g, '\n').trim();
    if (text) set.transcription = text;
    else unset.push('transcription');
  }
  const updated = await updateVoiceNote(platform.db, note._id, set, unset, platform.clock.now());
  if (!updated) throw notFound(VoiceNoteMessages.notFound);
  emitVoiceNotesChanged(platform, { id: updated._id.toHexString(), change: 'updated' });
  return (await toItems(platform, user, [updated]))[0];
}

export async function deleteVoiceNote(platform: Platform, user: UserDoc, id: string): Promise<void> {
  const note = await existing(platform, id);
  if (!note.createdBy.equals(user._id) && user.role !== 'admin') throw forbidden(VoiceNoteMessages.authorOnly);
  if (!(await deleteVoiceNoteRecord(platform.db, note._id))) return;
  await deleteStoredFile(voiceNotesBucket(platform.db), note.fileId);
  emitVoiceNotesChanged(platform, { id: note._id.toHexString(), change: 'deleted' });
}

export async function voiceNoteAudio(
  platform: Platform,
  id: string,
  rangeHeader: string | undefined,
): Promise<FileAnswer> {
  const note = await existing(platform, id);
  const extension = Object.entries(VOICE_NOTE_FORMATS).find(([, f]) => f.mime === note.contentType)?.[0] ?? 'audio';
  return fileAnswer(
    voiceNotesBucket(platform.db),
    {
      fileId: note.fileId,
      size: note.size,
      contentType: note.contentType,
      filename: `${note.title}.${extension}`,
      download: false,
    },
    rangeHeader,
  );
}
