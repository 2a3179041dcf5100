// Argument checks shared by command handlers, with MongoDB's error codes for bad input.
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, typeMismatch } from '../common/errors.js';
import { parseCollation, type Collation } from '../query/collation.js';
import { validateCollectionName } from '../storage/catalogue.js';
import { evaluateLet } from '../operators/mingo-context.js';

export function collectionArg(cmd: Doc, name: string, db: string): string {
  const coll = cmd[name];
  if (typeof coll !== 'string') {
    throw new MongoCommandError(73, `collection name has invalid type ${coll === null ? 'null' : typeof coll}`);
  }
  validateCollectionName(db, coll);
  return coll;
}

export function optionalDoc(cmd: Doc, field: string): Doc | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v))
    throw typeMismatch(
      `BSON field '${field}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`,
    );
  return v;
}

export function optionalNumber(cmd: Doc, field: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'object' && v !== null && 'toNumber' in v
        ? (v as { toNumber(): number }).toNumber()
        : NaN;
  if (!Number.isFinite(n))
    throw typeMismatch(
      `BSON field '${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double]'`,
    );
  return n;
}

export function docArray(cmd: Doc, field: string): Doc[] {
  const v = cmd[field];
  if (!Array.isArray(v)) throw typeMismatch(`BSON field '${field}' is the wrong type, expected type 'array'`);
  for (const d of v)
    if (!isPlainObject(d))
      throw typeMismatch(`BSON field '${field}' element is the wrong type, expected type 'object'`);
  return v as Doc[];
}

/** The collation a command runs with: its own, else the collection's default; undefined is binary. */
export function effectiveCollation(raw: unknown, coll?: { options: Doc }): Collation | undefined {
  if (raw !== undefined && raw !== null) return parseCollation(raw);
  return coll?.options.collation === undefined ? undefined : parseCollation(coll.options.collation);
}

/** A command's `let`: each value is a constant expression, evaluated once before the command runs. */
export function letVariables(cmd: Doc): Doc | undefined {
  const spec = optionalDoc(cmd, 'let');
  return spec && evaluateLet(spec);
}
