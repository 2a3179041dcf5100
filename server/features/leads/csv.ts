import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type Options as CsvOptions, type Parser } from 'csv-parse';
import { LEAD_TYPES } from '../../../shared/constants.js';
import {
  IMPORT_LIMITS,
  ImportMessages,
  SkipReasons,
  type ImportField,
  type ImportMapping,
} from '../../../shared/schemas/leads/import.js';
import type { GridFSBucketWriteStream } from 'mongodb';
import { guessField } from '../../../shared/schemas/leads/column-guesses.js';
import { canonicalTimeZone } from '../../platform/time-zones.js';

/** A problem with the file as a whole: the upload is refused with this text and nothing is imported. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const CSV_OPTIONS: CsvOptions = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  max_record_size: 64 * 1024,
};

export function csvParser(info = false): Parser {
  return parse({ ...CSV_OPTIONS, info });
}

const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'text/comma-separated-values',
  'text/x-csv',
]);

export function looksLikeCsvName(fileName: string, mimetype: string): boolean {
  return /\.(csv|txt)$/i.test(fileName) || CSV_TYPES.has(mimetype.toLowerCase());
}

function describeParseError(error: Error): string {
  const { code, lines } = error as Error & { code?: string; lines?: number };
  if (code === 'CSV_MAX_RECORD_SIZE') return `line ${lines ?? 1} is longer than 64 KB.`;
  return error.message;
}

export interface InspectedUpload {
  size: number;
  columns: string[];
  rows: number;
}

/**
 * Streams the upload into GridFS while checking it is a UTF-8 CSV within the limits, so a bad file is refused
 * before a single lead is written. Throws ImportFileError (the upload is then aborted and its chunks removed).
 */
export async function storeAndInspect(source: Readable, upload: GridFSBucketWriteStream): Promise<InspectedUpload> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = csvParser();
  let columns: string[] | undefined;
  let rows = 0;
  let size = 0;
  let parseError: Error | undefined;
  let firstBytes = true;
  parser.on('data', (record: string[]) => {
    if (!columns) columns = record;
    else rows++;
  });
  parser.on('error', (error) => (parseError = error));

  const problem = (): ImportFileError | undefined => {
    if (parseError) return new ImportFileError(ImportMessages.malformed(describeParseError(parseError)));
    if (rows > IMPORT_LIMITS.maxRows) return new ImportFileError(ImportMessages.tooManyRows);
    return undefined;
  };

  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (
        firstBytes &&
        chunk.length >= 2 &&
        ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))
      ) {
        return callback(new ImportFileError(ImportMessages.notUtf8));
      }
      firstBytes = false;
      if (chunk.includes(0)) return callback(new ImportFileError(ImportMessages.notCsv));
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return callback(new ImportFileError(ImportMessages.notUtf8));
      }
      if (!parseError) parser.write(chunk);
      callback(problem(), chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
      } catch {
        return callback(new ImportFileError(ImportMessages.notUtf8));
      }
      const ended = parseError
        ? Promise.resolve()
        : once(parser, 'end').then(
            () => undefined,
            () => undefined,
          );
      parser.end();
      ended.then(() => callback(problem()), callback);
    },
  });

  try {
    await pipeline(source, check, upload);
  } catch (error) {
    await upload.abort().catch(() => {});
    if (error instanceof ImportFileError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (source as { truncated?: boolean }).truncated)
      throw new ImportFileError(ImportMessages.tooLarge, 413);
    throw error;
  }
  if ((source as { truncated?: boolean }).truncated) throw new ImportFileError(ImportMessages.tooLarge, 413);
  if (size === 0 || !columns || columns.every((c) => !c.trim())) throw new ImportFileError(ImportMessages.empty);
  if (rows === 0) throw new ImportFileError(ImportMessages.noRows);
  return { size, columns, rows };
}

/** Field of each column (by position): the mapping the importer chose, else a guess from the header, else details. */
export function resolveMapping(columns: string[], mapping: ImportMapping | undefined): Array<ImportField | undefined> {
  for (const column of Object.keys(mapping ?? {})) {
    if (!columns.includes(column)) throw new ImportFileError(ImportMessages.unknownColumn(column));
  }
  const taken = new Set<ImportField>();
  const fields = columns.map((column) => {
    const chosen = mapping?.[column];
    if (chosen) {
      if (chosen !== 'ignore' && chosen !== 'details') taken.add(chosen);
      return chosen;
    }
    return undefined;
  });
  columns.forEach((column, i) => {
    if (fields[i]) return;
    const guess = guessField(column);
    if (guess && !taken.has(guess)) {
      fields[i] = guess;
      taken.add(guess);
    }
  });
  const hasName = taken.has('name') || taken.has('firstName') || taken.has('lastName');
  if (!hasName || !(taken.has('phone') || taken.has('email'))) throw new ImportFileError(ImportMessages.missingColumns);
  return fields;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits only, with the country code when given ("+1 (555) 010-1234" and "001 555 010 1234" -> "15550101234"). */
export function normalisePhone(raw: string): string | undefined {
  let digits = raw.replace(/\D/g, '');
  if (!raw.trim().startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  return digits.length >= 7 && digits.length <= 15 ? digits : undefined;
}

export interface ParsedRow {
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  source?: string;
  leadType: (typeof LEAD_TYPES)[number];
  /** The row's own time zone, as Intl names it. */
  timeZone?: string;
  details: Record<string, string>;
}

/** A valid lead, or the reason the row is skipped. */
export function readRow(
  values: string[],
  columns: string[],
  fields: Array<ImportField | undefined>,
): ParsedRow | { reason: string } {
  if (values.length !== columns.length) return { reason: SkipReasons.badColumns };
  let name = '';
  let first = '';
  let last = '';
  let rawEmail = '';
  let rawPhone = '';
  let rawZone = '';
  const row: ParsedRow = { name: '', leadType: 'Individual', details: {} };
  values.forEach((rawValue, i) => {
    const value = rawValue.trim();
    switch (fields[i]) {
      case 'name':
        name = value;
        break;
      case 'firstName':
        first = value;
        break;
      case 'lastName':
        last = value;
        break;
      case 'email':
        rawEmail = value;
        break;
      case 'phone':
        rawPhone = value;
        break;
      case 'company':
        if (value) row.company = value;
        break;
      case 'source':
        if (value) row.source = value;
        break;
      case 'leadType': {
        const type = LEAD_TYPES.find((t) => t.toLowerCase() === value.toLowerCase());
        if (type) row.leadType = type;
        break;
      }
      case 'timeZone':
        rawZone = value;
        break;
      case 'ignore':
        break;
      case 'details':
      default:
        if (value) row.details[columns[i]] = value;
    }
  });
  row.name = (name || [first, last].filter(Boolean).join(' ')).slice(0, 200);
  if (!row.name) return { reason: SkipReasons.missingName };
  if (!rawEmail && !rawPhone) return { reason: SkipReasons.missingContact };
  if (rawEmail) {
    const email = rawEmail.toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) return { reason: SkipReasons.badEmail };
    row.email = email;
  }
  if (rawPhone) {
    const phone = normalisePhone(rawPhone);
    if (!phone) return { reason: SkipReasons.badPhone };
    row.phone = phone;
  }
  if (rawZone) {
    const zone = canonicalTimeZone(rawZone);
    if (!zone) return { reason: SkipReasons.badTimeZone };
    row.timeZone = zone;
  }
  return row;
}
