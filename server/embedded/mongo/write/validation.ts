// Collection validators (collMod / create `validator`, with `validationLevel` and `validationAction`):
// a document written to the collection must match the validator's query, $jsonSchema included.
import { Query } from 'mingo/query';
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, toCommandError } from '../common/errors.js';
import { mingoOptions } from '../operators/mingo-context.js';
import { schemaFailures } from './json-schema.js';
import type { Collection } from '../storage/collection.js';

const compiled = new WeakMap<Doc, Query>();

function queryFor(validator: Doc): Query {
  let q = compiled.get(validator);
  if (!q) {
    try {
      q = new Query(validator, mingoOptions());
    } catch (err) {
      throw toCommandError(err);
    }
    compiled.set(validator, q);
  }
  return q;
}

/** Checks a validator when it is set (create / collMod), so a bad one is refused up front. */
export function checkValidator(validator: unknown): void {
  if (!isPlainObject(validator))
    throw new MongoCommandError(14, "BSON field 'validator' is the wrong type, expected type 'object'");
  for (const op of ['$where', '$near', '$nearSphere', '$text']) {
    if (JSON.stringify(validator).includes(`"${op}"`))
      throw new MongoCommandError(2, `${op} is not allowed in collection validators`);
  }
  queryFor(validator);
}

export function checkValidationOptions(level: unknown, action: unknown): void {
  if (level !== undefined && !['off', 'strict', 'moderate'].includes(level as string)) {
    throw new MongoCommandError(
      2,
      `Enumeration value '${String(level)}' for field 'validationLevel' is not a valid value.`,
    );
  }
  if (action !== undefined && !['error', 'warn'].includes(action as string)) {
    throw new MongoCommandError(
      2,
      `Enumeration value '${String(action)}' for field 'validationAction' is not a valid value.`,
    );
  }
}

/** What errInfo.details says about a failing document: the $jsonSchema rules, or the clauses that failed. */
function details(validator: Doc, doc: Doc): Doc {
  const clauses = Object.entries(validator).map(([k, v]) => ({ [k]: v }));
  const describe = (clause: Doc): Doc => {
    const [k, v] = Object.entries(clause)[0];
    if (k === '$jsonSchema')
      return { operatorName: '$jsonSchema', schemaRulesNotSatisfied: schemaFailures(v as Doc, doc) };
    const operatorName = k.startsWith('$')
      ? k
      : isPlainObject(v) && Object.keys(v)[0]?.startsWith('$')
        ? Object.keys(v)[0]
        : '$eq';
    const reason = !k.startsWith('$') && doc[k] === undefined ? 'field was missing' : 'comparison failed';
    const out: Doc = { operatorName, specifiedAs: clause, reason };
    if (!k.startsWith('$') && doc[k] !== undefined) out.consideredValue = doc[k];
    return out;
  };
  if (clauses.length === 1) return describe(clauses[0]);
  const failing = clauses
    .map((clause, index) => ({ index, clause }))
    .filter(({ clause }) => !queryFor(clause).test(doc))
    .map(({ index, clause }) => ({ index, details: describe(clause) }));
  return { operatorName: '$and', clausesNotSatisfied: failing };
}

/**
 * Refuses `doc` (code 121 with errInfo) when the collection's validator rejects it. `previous` is the
 * stored version for an update: at level 'moderate' an update of an already invalid document passes.
 */
export function validateForWrite(
  coll: Collection | undefined,
  doc: Doc,
  opts: { previous?: Doc; bypass?: boolean } = {},
): void {
  const validator = coll?.options.validator;
  if (!coll || opts.bypass || !isPlainObject(validator) || Object.keys(validator).length === 0) return;
  const level = coll.options.validationLevel ?? 'strict';
  if (level === 'off') return;
  const q = queryFor(validator);
  if (q.test(doc)) return;
  if (level === 'moderate' && opts.previous && !q.test(opts.previous)) return;
  if (coll.options.validationAction === 'warn') return;
  throw new MongoCommandError(121, 'Document failed validation', {
    errInfo: { failingDocumentId: doc._id, details: details(validator, doc) },
  });
}
