import { ObjectId } from 'mongodb';
import type { Readable } from 'node:stream';
import type { CallHistoryPage, CallHistoryQuery } from '../../../shared/schemas/dialer/history.js';
import { DialerRuleMessages, formatDuration } from '../../../shared/schemas/dialer/messages.js';
import type { Platform } from '../../platform/context.js';
import { csvRow, csvRows, type CsvValue } from '../../platform/csv.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { findCampaignById, listCampaignIdsOwnedBy } from '../campaigns/public.js';
import { userNames, type UserDoc } from '../users/public.js';
import { signedRecordingLink, toCallView } from '../dialer/public.js';
import { findCall, playableRecording, type CallDoc } from '../dialer/public.js';
import { callTotals, historyFilter, listCallHistory, streamCallHistory, type CallScope } from './repository.js';

export const EXPORT_MAX_ROWS = 50_000;

async function scopeFor(platform: Platform, user: UserDoc): Promise<CallScope> {
  if (user.role === 'admin') return 'all';
  if (user.role === 'owner')
    return { agentId: user._id, campaignIds: await listCampaignIdsOwnedBy(platform.db, user._id) };
  return { agentId: user._id };
}

function parseDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  // A bare date means the whole day: "to=2026-01-05" includes that day.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) throw badRequest('Please enter a valid date.');
  return date;
}

async function filterFor(platform: Platform, user: UserDoc, query: CallHistoryQuery) {
  const to = parseDate(query.to);
  const toInclusive =
    to && query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? new Date(to.getTime() + 86_400_000 - 1) : to;
  return historyFilter({
    scope: await scopeFor(platform, user),
    status: query.status,
    direction: query.direction,
    campaignId: query.campaignId ? new ObjectId(query.campaignId) : undefined,
    leadId: query.leadId ? new ObjectId(query.leadId) : undefined,
    from: parseDate(query.from),
    to: toInclusive,
    search: query.q,
  });
}

/** `GET /api/calls`: newest first, a page at a time; stats cover the whole filtered set. */
export async function callHistory(
  platform: Platform,
  user: UserDoc,
  query: CallHistoryQuery,
): Promise<CallHistoryPage> {
  const limit = query.limit ?? 20;
  const filter = await filterFor(platform, user, query);
  const docs = await listCallHistory(
    platform.db,
    filter,
    limit + 1,
    query.cursor ? new ObjectId(query.cursor) : undefined,
  );
  const page = docs.slice(0, limit);
  const names = await userNames(
    platform.db,
    [...new Set(page.map((d) => d.agentId.toHexString()))].map((id) => new ObjectId(id)),
  );
  const totals = await callTotals(platform.db, filter);
  const recordingLink = signedRecordingLink(platform, user._id.toHexString());
  return {
    items: page.map((doc) => toCallView(doc, names.get(doc.agentId.toHexString()), recordingLink)),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
    stats: { ...totals, averageDuration: totals.answered ? Math.round(totals.totalDuration / totals.answered) : 0 },
  };
}

const CSV_COLUMNS = [
  'Date',
  'Name',
  'Phone',
  'Campaign',
  'Direction',
  'Status',
  'Duration',
  'Duration (seconds)',
  'Agent',
  'Notes',
  'Recording',
] as const;

/** `GET /api/calls/export.csv`: the same filtered set as the list, every row, as CSV lines. */
/**
 * The filter is checked before the answer starts: once the CSV streams, a bad date could no longer be answered with
 * a clear 400.
 */
export async function callHistoryCsv(
  platform: Platform,
  user: UserDoc,
  query: CallHistoryQuery,
): Promise<AsyncGenerator<string>> {
  const filter = await filterFor(platform, user, query);
  return callHistoryCsvRows(platform, filter);
}

async function* callHistoryCsvRows(
  platform: Platform,
  filter: Awaited<ReturnType<typeof filterFor>>,
): AsyncGenerator<string> {
  yield csvRow([...CSV_COLUMNS]);
  const names = new Map<string, string>();
  const cursor = streamCallHistory(platform.db, filter, EXPORT_MAX_ROWS);
  let batch: CallDoc[] = [];
  const flush = async () => {
    const missing = [...new Set(batch.map((d) => d.agentId.toHexString()).filter((id) => !names.has(id)))];
    if (missing.length)
      for (const [id, name] of await userNames(
        platform.db,
        missing.map((id) => new ObjectId(id)),
      ))
        names.set(id, name);
    const rows = batch.map((doc): CsvValue[] => {
      const view = toCallView(doc);
      return [
        view.startedAt,
        view.name,
        view.phone,
        view.campaignName ?? '',
        view.direction,
        view.status ?? view.state,
        formatDuration(view.duration),
        view.duration,
        names.get(view.agentId) ?? '',
        view.notes,
        view.recordingUrl ? `${platform.config.publicUrl}${view.recordingUrl}` : '',
      ];
    });
    batch = [];
    return csvRows(rows);
  };
  for await (const doc of cursor) {
    batch.push(doc);
    if (batch.length >= 500) yield await flush();
  }
  const rest = await flush();
  if (rest) yield rest;
}

export interface RecordingStream {
  stream: Readable;
  total: number;
  range?: { start: number; end: number };
}

/** The call's agent, the owner of its campaign, or an admin. */
export async function mayHear(platform: Platform, user: UserDoc, call: CallDoc): Promise<boolean> {
  if (user.role === 'admin' || call.agentId.equals(user._id)) return true;
  if (user.role !== 'owner' || !call.campaignId) return false;
  const campaign = await findCampaignById(platform.db, call.campaignId);
  return Boolean(campaign?.ownerId?.equals(user._id));
}

/** `GET /api/calls/:id/recording` with an optional `Range: bytes=a-b` (null range = unsatisfiable). */
export async function openCallRecording(
  platform: Platform,
  user: UserDoc,
  callId: string,
  rangeHeader: string | undefined,
): Promise<RecordingStream | { unsatisfiable: number }> {
  const call = /^[0-9a-f]{24}$/.test(callId) ? await findCall(platform.db, new ObjectId(callId)) : null;
  if (!call) throw notFound(DialerRuleMessages.callNotFound);
  if (!(await mayHear(platform, user, call))) throw forbidden();
  const recording = call.recordingId ? await playableRecording(platform.db, call.recordingId) : null;
  if (!recording) throw notFound(DialerRuleMessages.recordingNotFound);
  const { total } = recording;
  if (!rangeHeader) return { stream: recording.open(), total };
  const range = parseRange(rangeHeader, total);
  if (!range) return { unsatisfiable: total };
  return { stream: recording.open(range), total, range };
}

/** One `bytes=` range (the players ask for one); a multi-range asks for the first. */
export function parseRange(header: string, total: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, total - suffix);
    end = total - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), total - 1) : total - 1;
  }
  if (start >= total || start > end) return null;
  return { start, end };
}
