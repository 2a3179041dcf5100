import { Type, type Static } from 'typebox';

/** Spec 2 section 5 word for word (alerts), plus texts the spec does not show. */
export const VoiceNoteMessages = {
  nameRequired: 'Please provide a name for your recording',
  saved: (name: string) => `Recording "${name}" saved successfully!`,
  empty: 'No voice notes found',
  notFound: 'This voice note no longer exists.',
  authorOnly: 'Only the author can change this voice note.',
  transcriptionTooLong: 'Transcriptions can be at most 20,000 characters.',
} as const;

export const VoiceNoteItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  campaign: Type.Union([Type.String(), Type.Null()]),
  date: Type.String(),
  /** Seconds; `durationLabel` is m:ss. */
  duration: Type.Integer({ minimum: 0 }),
  durationLabel: Type.String(),
  createdBy: Type.Object({ id: Type.String(), name: Type.String() }),
  /** Signed for this viewer, playable in <audio> without headers. */
  audioUrl: Type.String(),
  mime: Type.String(),
  /** Typed by the author; automatic transcription is not included. */
  transcription: Type.Optional(Type.String()),
  mine: Type.Boolean(),
});
export type VoiceNoteItem = Static<typeof VoiceNoteItem>;

/** `GET /api/voice-notes?q=&campaign=&sort=date|title|duration&order=` (default date, newest first). */
export const VoiceNoteListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  campaign: Type.Optional(Type.String({ maxLength: 60 })),
  sort: Type.Optional(
    Type.Union([Type.Literal('date'), Type.Literal('title'), Type.Literal('duration')], { default: 'date' }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })),
});
export type VoiceNoteListQuery = Static<typeof VoiceNoteListQuery>;

export const VoiceNoteList = Type.Object({ items: Type.Array(VoiceNoteItem) });

/** `POST /api/voice-notes` (multipart: `title`, `campaign?`, `duration` (seconds), `transcription?`, then file `audio`). */
export const VoiceNoteCreated = Type.Object({ note: VoiceNoteItem, message: Type.String() });
export type VoiceNoteCreated = Static<typeof VoiceNoteCreated>;

export const VoiceNoteParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: VoiceNoteMessages.notFound }),
});

/** `PATCH /api/voice-notes/:id` (author only). */
export const VoiceNotePatchBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  transcription: Type.Optional(
    Type.String({ maxLength: 20_000, errorMessage: VoiceNoteMessages.transcriptionTooLong }),
  ),
});
export type VoiceNotePatchBody = Static<typeof VoiceNotePatchBody>;

export const VoiceNoteAudioQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 200 })) });

/** m:ss */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
