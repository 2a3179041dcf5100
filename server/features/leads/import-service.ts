import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { Value } from 'typebox/value';
import {
  ImportMapping,
  ImportMessages,
  SkipReasons,
  type ImportAccepted,
  type ImportStatus,
} from '../../../shared/schemas/leads/import.js';
import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import { Jobs, type LeadDistributeJob, type LeadImportJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { csvRow } from '../../platform/csv.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { enqueue, refuseWhileDown } from '../../platform/queues.js';
import { findCampaignById, findCampaignByIdOrSlug, type CampaignDoc } from '../campaigns/public.js';
import { notify } from '../notifications/public.js';
import type { UserDoc } from '../users/public.js';
import { csvParser, ImportFileError, looksLikeCsvName, readRow, resolveMapping, storeAndInspect } from './csv.js';
import { emitImportProgress } from './events.js';
import {
  deleteRejects,
  deleteStoredFile,
  findImportById,
  importsBucket,
  insertImport,
  insertRejects,
  rejectsOf,
  updateImport,
  type ImportRejectDoc,
  type LeadImportDoc,
} from './import-repository.js';
import { deleteStagedLeads, insertLeads, releaseStagedLeads, type LeadDoc } from './repository.js';
import { leadTimeZone } from './time-zone.js';

const ROWS_PER_BATCH = 1_000;

/** What the route hands over from the multipart body, in the order the parts came. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown };

export function toImportStatus(doc: LeadImportDoc): ImportStatus {
  return {
    id: doc._id.toHexString(),
    campaignId: doc.campaignId.toHexString(),
    fileName: doc.fileName,
    status: doc.status === 'finalizing' ? 'running' : doc.status,
    totalRows: doc.totalRows,
    rowsRead: doc.rowsRead,
    imported: doc.imported,
    skipped: doc.skipped,
    reasons: doc.reasons,
    ...(doc.error ? { error: doc.error } : {}),
    createdAt: doc.createdAt.toISOString(),
    ...(doc.finishedAt ? { finishedAt: doc.finishedAt.toISOString() } : {}),
  };
}

const isOwnerOrAdmin = (user: UserDoc, campaign: Pick<CampaignDoc, 'ownerId'>) =>
  user.role === 'admin' || Boolean(campaign.ownerId?.equals(user._id));

/** Loaded before the body is read, so nobody else's upload is ever stored. */
export async function campaignForImport(platform: Platform, user: UserDoc, campaignId: string): Promise<CampaignDoc> {
  const campaign = await findCampaignByIdOrSlug(platform.db, campaignId);
  if (!campaign) throw notFound(LeadMessages.campaignNotFound);
  if (!isOwnerOrAdmin(user, campaign)) throw forbidden(ImportMessages.ownersOnly);
  return campaign;
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => {});
}

/**
 * Stores the CSV (GridFS bucket `imports`) while checking it as a whole, then queues the `leads` import job.
 * A bad file is refused with one message and leaves nothing behind.
 */
export async function startImport(
  platform: Platform,
  user: UserDoc,
  campaign: CampaignDoc,
  parts: AsyncIterable<UploadPart>,
): Promise<ImportAccepted> {
  let stored: { fileId: ObjectId; fileName: string; size: number; columns: string[]; rows: number } | undefined;
  let mappingText: unknown;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping') mappingText = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        await drain(part.file);
        continue;
      }
      try {
        // Without Redis the import could not be queued: refuse before storing the file.
        refuseWhileDown(platform.queues.leads);
      } catch (error) {
        await drain(part.file);
        throw error;
      }
      if (!looksLikeCsvName(part.filename, part.mimetype)) {
        await drain(part.file);
        throw new ImportFileError(ImportMessages.notCsv);
      }
      const fileId = new ObjectId();
      const upload = importsBucket(platform.db).openUploadStreamWithId(fileId, part.filename, {
        metadata: { campaignId: campaign._id, userId: user._id },
      });
      try {
        const inspected = await storeAndInspect(part.file, upload);
        stored = { fileId, fileName: part.filename, ...inspected };
      } catch (error) {
        await drain(part.file);
        // Refused after the last byte (empty, no rows): the stored copy goes too.
        await deleteStoredFile(platform.db, fileId).catch(() => {});
        throw error;
      }
    }
    if (!stored) throw new ImportFileError(ImportMessages.noFile);

    let mapping: ImportMapping | undefined;
    if (mappingText !== undefined && mappingText !== '') {
      try {
        mapping = JSON.parse(String(mappingText));
      } catch {
        throw new ImportFileError(ImportMessages.badMapping);
      }
      if (!Value.Check(ImportMapping, mapping)) throw new ImportFileError(ImportMessages.badMapping);
    }
    resolveMapping(stored.columns, mapping);

    const doc: LeadImportDoc = {
      _id: new ObjectId(),
      campaignId: campaign._id,
      userId: user._id,
      fileId: stored.fileId,
      fileName: stored.fileName,
      size: stored.size,
      columns: stored.columns,
      mapping: mapping ?? {},
      totalRows: stored.rows,
      status: 'queued',
      rowsRead: 0,
      imported: 0,
      skipped: 0,
      reasons: {},
      createdAt: platform.clock.now(),
    };
    await insertImport(platform.db, doc);
    const job: LeadImportJob = { importId: doc._id.toHexString() };
    try {
      await enqueue(platform.queues.leads, Jobs.leads.import, job, { jobId: `import-${job.importId}` });
    } catch (error) {
      // Not queued (Redis is down): the import must not wait in the list for a job that will never come.
      await failImport(platform, job.importId).catch(() => {});
      throw error;
    }
    emitImportProgress(platform, user._id.toHexString(), toImportStatus(doc));
    return { importId: job.importId };
  } catch (error) {
    if (stored) await deleteStoredFile(platform.db, stored.fileId).catch(() => {});
    if (error instanceof ImportFileError) throw badRequest(error.message, 'Import failed');
    throw error;
  }
}

async function importVisibleTo(platform: Platform, user: UserDoc, importId: string): Promise<LeadImportDoc> {
  const doc = await findImportById(platform.db, importId);
  if (doc && (user.role === 'admin' || doc.userId.equals(user._id))) return doc;
  if (doc) {
    const campaign = await findCampaignById(platform.db, doc.campaignId);
    if (campaign && isOwnerOrAdmin(user, campaign)) return doc;
  }
  throw notFound(ImportMessages.notFound);
}

export async function importStatusFor(platform: Platform, user: UserDoc, importId: string): Promise<ImportStatus> {
  return toImportStatus(await importVisibleTo(platform, user, importId));
}

/** The skipped rows as CSV: line number in the file, reason, then the row as it was. */
export async function rejectedRowsCsv(
  platform: Platform,
  user: UserDoc,
  importId: string,
): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  const doc = await importVisibleTo(platform, user, importId);
  const db = platform.db;
  async function* lines() {
    yield csvRow(['line', 'reason', ...doc.columns]);
    for await (const reject of rejectsOf(db, doc._id)) {
      yield csvRow([reject.line, reject.reason, ...reject.values]);
    }
  }
  return {
    fileName: `rejected-${doc.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'rows'}.csv`,
    lines: lines(),
  };
}

interface Counts {
  rowsRead: number;
  imported: number;
  skipped: number;
  reasons: Record<string, number>;
}

/**
 * The `leads` import job. Re-runnable: a retry starts the rows over after removing what an earlier attempt staged;
 * leads stay `staged` (in no pool, invisible to distribution) until every row is read, so a failure imports nothing.
 */
export async function runImport(platform: Platform, importId: string): Promise<void> {
  const { db } = platform;
  const doc = await findImportById(db, importId);
  if (!doc || doc.status === 'failed') return;
  if (doc.status === 'completed') return queueDistribution(platform, doc);
  const importer = doc.userId.toHexString();
  const progress = (counts: Counts, status: ImportStatus['status'] = 'running') =>
    emitImportProgress(platform, importer, toImportStatus({ ...doc, ...counts, status }));

  let counts: Counts = { rowsRead: doc.rowsRead, imported: doc.imported, skipped: doc.skipped, reasons: doc.reasons };
  if (doc.status !== 'finalizing') {
    await deleteStagedLeads(db, doc._id);
    await deleteRejects(db, doc._id);
    counts = { rowsRead: 0, imported: 0, skipped: 0, reasons: {} };
    await updateImport(db, doc._id, { status: 'running', startedAt: platform.clock.now(), ...counts });
    progress(counts);
    counts = await importRows(platform, doc, (c) => progress(c));
    await updateImport(db, doc._id, { status: 'finalizing', ...counts });
  }
  await releaseStagedLeads(db, doc._id);
  const finishedAt = platform.clock.now();
  await updateImport(db, doc._id, { status: 'completed', finishedAt });
  await deleteStoredFile(db, doc.fileId);
  emitImportProgress(platform, importer, toImportStatus({ ...doc, ...counts, status: 'completed', finishedAt }));
  const campaign = await findCampaignById(db, doc.campaignId);
  await notify(platform, doc.userId, {
    type: 'import-finished',
    title: ImportMessages.finishedTitle,
    body: ImportMessages.finished(counts.imported, counts.skipped, campaign?.name ?? 'campaign'),
    link: `/lead-management?import=${doc._id.toHexString()}`,
    key: `import-finished:${doc._id.toHexString()}`,
  });
  await queueDistribution(platform, doc);
}

async function queueDistribution(platform: Platform, doc: LeadImportDoc): Promise<void> {
  const job: LeadDistributeJob = { campaignId: doc.campaignId.toHexString() };
  await enqueue(platform.queues.leads, Jobs.leads.distribute, job, {
    jobId: `distribute-import-${doc._id.toHexString()}`,
  });
}

const withTimeZone = (timeZone: string | undefined) => (timeZone ? { timeZone } : {});

async function importRows(
  platform: Platform,
  doc: LeadImportDoc,
  onProgress: (counts: Counts) => void,
): Promise<Counts> {
  const { db } = platform;
  const fields = resolveMapping(doc.columns, doc.mapping);
  const counts: Counts = { rowsRead: 0, imported: 0, skipped: 0, reasons: {} };
  const seenPhones = new Set<string>();
  const seenEmails = new Set<string>();
  const now = platform.clock.now();
  let leads: LeadDoc[] = [];
  let leadRows: Array<{ line: number; values: string[] }> = [];
  let rejects: ImportRejectDoc[] = [];

  const reject = (line: number, values: string[], reason: string) => {
    counts.skipped++;
    counts.reasons[reason] = (counts.reasons[reason] ?? 0) + 1;
    rejects.push({ _id: new ObjectId(), importId: doc._id, line, reason, values });
  };
  const flush = async () => {
    const duplicates = await insertLeads(db, leads);
    for (const index of duplicates)
      reject(leadRows[index].line, leadRows[index].values, SkipReasons.duplicateInCampaign);
    counts.imported += leads.length - duplicates.size;
    await insertRejects(db, rejects);
    leads = [];
    leadRows = [];
    rejects = [];
    await updateImport(db, doc._id, { ...counts });
    onProgress({ ...counts, reasons: { ...counts.reasons } });
  };

  const parser = importsBucket(db).openDownloadStream(doc.fileId).pipe(csvParser(true));
  let header = true;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (header) {
      header = false;
      continue;
    }
    counts.rowsRead++;
    const row = readRow(record, doc.columns, fields);
    if ('reason' in row) reject(info.lines, record, row.reason);
    else if ((row.phone && seenPhones.has(row.phone)) || (row.email && seenEmails.has(row.email)))
      reject(info.lines, record, SkipReasons.duplicateInFile);
    else {
      if (row.phone) seenPhones.add(row.phone);
      if (row.email) seenEmails.add(row.email);
      leads.push({
        _id: new ObjectId(),
        campaignId: doc.campaignId,
        name: row.name,
        ...(row.company ? { company: row.company } : {}),
        ...(row.email ? { email: row.email } : {}),
        ...(row.phone ? { phone: row.phone } : {}),
        ...withTimeZone(leadTimeZone(row.timeZone, row.phone)),
        source: row.source ?? 'Import',
        leadType: row.leadType,
        details: row.details,
        assignedTo: null,
        disposition: 'New',
        stage: 'New',
        importId: doc._id,
        staged: true,
        history: [{ at: now, by: doc.userId, change: `Imported from ${doc.fileName}` }],
        createdAt: now,
        updatedAt: now,
      });
      leadRows.push({ line: info.lines, values: record });
    }
    if (leads.length + rejects.length >= ROWS_PER_BATCH) await flush();
  }
  await flush();
  return counts;
}

/** After the last retry: nothing of the import stays, and the importer is told. */
export async function failImport(
  platform: Platform,
  importId: string,
  message: string = ImportMessages.failed,
): Promise<void> {
  const doc = await findImportById(platform.db, importId);
  if (!doc || doc.status === 'completed') return;
  await deleteStagedLeads(platform.db, doc._id);
  await deleteRejects(platform.db, doc._id);
  const finishedAt = platform.clock.now();
  await updateImport(platform.db, doc._id, { status: 'failed', error: message, finishedAt });
  await deleteStoredFile(platform.db, doc.fileId).catch(() => {});
  emitImportProgress(
    platform,
    doc.userId.toHexString(),
    toImportStatus({ ...doc, status: 'failed', error: message, finishedAt }),
  );
}
