import { Type, type Static } from 'typebox';
import { CALL_STATUS_VALUES, CallView } from './call.js';

const objectId = Type.String({ pattern: '^[0-9a-f]{24}$' });

/** `GET /api/calls` and `GET /api/calls/export.csv`: filters, search and a page. */
export const CallHistoryQuery = Type.Object({
  status: Type.Optional(Type.Enum(CALL_STATUS_VALUES)),
  direction: Type.Optional(Type.Union([Type.Literal('outbound'), Type.Literal('inbound')])),
  campaignId: Type.Optional(objectId),
  /** One lead's calls (the lead panel's voicemails). */
  leadId: Type.Optional(objectId),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** Case-insensitive substring of the call's name, phone or campaign name. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  cursor: Type.Optional(objectId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type CallHistoryQuery = Static<typeof CallHistoryQuery>;

export const CallStats = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  answered: Type.Integer({ minimum: 0 }),
  missed: Type.Integer({ minimum: 0 }),
  voicemail: Type.Integer({ minimum: 0 }),
  totalDuration: Type.Integer({ minimum: 0 }),
  /** Total duration divided by the number of answered calls (spec 2), 0 when none answered. */
  averageDuration: Type.Integer({ minimum: 0 }),
});
export type CallStats = Static<typeof CallStats>;

export const CallHistoryPage = Type.Object({
  items: Type.Array(CallView),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  stats: CallStats,
});
export type CallHistoryPage = Static<typeof CallHistoryPage>;

/** Any text: an id that names no call is answered 404, as docs/api.md says. */
export const CallIdOnly = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** `GET /api/calls/:id/recording?sig=`: the signature of the call view's `recordingUrl` (for <audio src>). */
export const RecordingQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 200 })) });
export type RecordingQuery = Static<typeof RecordingQuery>;
