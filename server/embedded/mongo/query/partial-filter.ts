// Whether a query's own conditions guarantee a partial index's filter, so that the index holds
// every document the query can match (mongod's rule for using a partial index at all).
import { Query } from 'mingo/query';
import { isOperatorObject, isPlainObject, setPath, type Doc } from '../common/documents.js';
import { mingoOptions } from '../operators/mingo-context.js';
import type { FieldPredicate, Predicates } from './planner.js';
import { compareValues, encodeValue } from '../indexes/key-encoding.js';

// All of these match an array when one of its elements matches, so a document holding the
// query's equality value (alone or inside an array) satisfies the clause whenever the value does.
const EXISTENTIAL_OPS = new Set(['$eq', '$exists', '$gt', '$gte', '$lt', '$lte', '$type']);

function clauses(filter: Doc, out: Array<[string, unknown]> = []): Array<[string, unknown]> | undefined {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) {
        if (!isPlainObject(sub) || !clauses(sub, out)) return undefined;
      }
    } else if (key.startsWith('$')) {
      return undefined;
    } else {
      out.push([key, value]);
    }
  }
  return out;
}

function scalar(v: unknown): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
  return !isPlainObject(v);
}

function sameBracket(a: unknown, b: unknown): boolean {
  return encodeValue(a)[0] === encodeValue(b)[0];
}

/** Whether the query's bound on the field is at least as tight as `{[op]: arg}`. */
function boundImplies(p: FieldPredicate, op: string, arg: unknown): boolean {
  const bound = op === '$gt' || op === '$gte' ? p.lo : op === '$lt' || op === '$lte' ? p.hi : undefined;
  if (!bound || !sameBracket(bound.value, arg)) return false;
  const order = compareValues(bound.value, arg) * (op === '$gt' || op === '$gte' ? 1 : -1);
  if (order > 0) return true;
  return order === 0 && (op === '$gte' || op === '$lte' || !bound.inclusive);
}

interface Requirement {
  field: string;
  op: string;
  arg: unknown;
  /** Tests a document holding just this field against `{[field]: {[op]: arg}}`. */
  test: Query;
}

// Compiled once per partial filter (index specs never change): planning runs on every query.
const compiled = new WeakMap<Doc, Requirement[] | null>();

function compile(partialFilter: Doc): Requirement[] | null {
  const found = clauses(partialFilter);
  if (!found) return null;
  const reqs: Requirement[] = [];
  for (const [field, condition] of found) {
    const ops = isOperatorObject(condition) ? Object.entries(condition) : [['$eq', condition] as [string, unknown]];
    if (!ops.every(([op]) => EXISTENTIAL_OPS.has(op))) return null;
    for (const [op, arg] of ops)
      reqs.push({ field, op, arg, test: new Query({ [field]: { [op]: arg } }, mingoOptions()) });
  }
  return reqs;
}

function requirements(partialFilter: Doc): Requirement[] | null {
  let reqs = compiled.get(partialFilter);
  if (reqs === undefined) {
    reqs = compile(partialFilter);
    compiled.set(partialFilter, reqs);
  }
  return reqs;
}

function implied(req: Requirement, predicates: Predicates): boolean {
  const p = predicates.fields.get(req.field);
  if (!p) return false;
  if (p.points?.length && p.points.every(scalar)) {
    return p.points.every((value) => {
      const doc: Doc = {};
      setPath(doc, req.field, value);
      return req.test.test(doc);
    });
  }
  if (req.op === '$exists') return req.arg === true && !!(p.lo || p.hi || p.prefix || p.exists || p.ne === null);
  return boundImplies(p, req.op, req.arg);
}

/** True when every document matching `predicates` also matches `partialFilter`. */
export function impliesPartialFilter(predicates: Predicates, partialFilter: Doc): boolean {
  const reqs = requirements(partialFilter);
  return reqs !== null && reqs.every((req) => implied(req, predicates));
}
