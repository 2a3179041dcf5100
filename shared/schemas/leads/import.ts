import { Type, type Static } from 'typebox';

export const IMPORT_LIMITS = { maxRows: 50_000, maxBytes: 20 * 1024 * 1024 } as const;

/**
 * What a CSV column can be mapped to: a lead field, `details` (kept in the lead's `details` under its header, even
 * when the header would be recognised as a field) or `ignore`. Unmapped, unrecognised columns are details too.
 */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'source',
  'leadType',
  'timeZone',
  'details',
  'ignore',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The optional `mapping` form field: JSON `{ "<column header>": "<field>" }`. Unmapped headers are guessed. */
export const ImportMapping = Type.Record(Type.String({ maxLength: 200 }), Type.Enum(IMPORT_FIELDS));
export type ImportMapping = Static<typeof ImportMapping>;

export const ImportParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type ImportParams = Static<typeof ImportParams>;

export const ImportAccepted = Type.Object({ importId: Type.String() });
export type ImportAccepted = Static<typeof ImportAccepted>;

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportStatusName = (typeof IMPORT_STATUSES)[number];

/** Why a row was skipped; the rejected-rows report and the progress bar use these words. */
export const SkipReasons = {
  missingName: 'Missing name',
  missingContact: 'Missing phone or e-mail',
  badEmail: 'Invalid e-mail',
  badPhone: 'Invalid phone number',
  duplicateInFile: 'Duplicate of an earlier row in this file',
  duplicateInCampaign: 'Already in this campaign',
  badColumns: 'Wrong number of columns',
  badTimeZone: 'Unknown time zone (use an IANA name such as America/New_York)',
} as const;

/** `GET /api/imports/:id` and the `import:progress` payload. */
export const ImportStatus = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  fileName: Type.String(),
  status: Type.Enum(IMPORT_STATUSES),
  totalRows: Type.Integer({ minimum: 0 }),
  rowsRead: Type.Integer({ minimum: 0 }),
  imported: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0 }),
  /** Skipped rows per reason (SkipReasons texts). */
  reasons: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  error: Type.Optional(Type.String()),
  createdAt: Type.String(),
  finishedAt: Type.Optional(Type.String()),
});
export type ImportStatus = Static<typeof ImportStatus>;

export const ImportMessages = {
  noFile: 'Choose a CSV file to import.',
  notCsv: 'Only CSV files can be imported.',
  empty: 'This file is empty.',
  noRows: 'This file has no rows to import.',
  tooLarge: 'This file is larger than 20 MB. Split it into smaller files.',
  tooManyRows: 'This file has more than 50,000 rows. Split it into smaller files.',
  notUtf8: 'This file is not UTF-8 encoded. Save it as "CSV UTF-8" and try again.',
  malformed: (detail: string) => `This file is not a valid CSV file: ${detail}`,
  badMapping: 'The column mapping is not valid.',
  unknownColumn: (column: string) => `The column mapping names a column that is not in the file: ${column}`,
  missingColumns: 'The file needs a name column and a phone or e-mail column.',
  notFound: 'Import not found.',
  ownersOnly: 'Only the owner of this campaign can import leads.',
  finishedTitle: 'Import finished',
  finished: (imported: number, skipped: number, campaign: string) =>
    `${imported} leads imported, ${skipped} skipped (${campaign}).`,
  failed: 'The import failed and nothing was imported. Please try again.',
} as const;
