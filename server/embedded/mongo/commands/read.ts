// find, getMore, killCursors, count and distinct.
import { type Doc } from '../common/documents.js';
import { MongoCommandError, badValue, notImplemented } from '../common/errors.js';
import { execute, type FindSpec } from '../query/query-exec.js';
import { encodedIterator, projectIterator } from '../query/projection.js';
import type { CursorItem } from '../wire/cursors.js';
import { EMPTY_ARRAY, MISSING, encodeValue } from '../indexes/key-encoding.js';
import { valuesAtPath } from '../indexes/path-values.js';
import type { CommandContext } from './state.js';
import { parseCollation, type Collation } from '../query/collation.js';
import { isView, resolveView } from './views.js';
import { preparePipeline, runPipeline } from './aggregate.js';
import { collectionArg, effectiveCollation, letVariables, optionalDoc, optionalNumber } from './args.js';

const UNSUPPORTED_FIND_OPTIONS = ['tailable', 'awaitData', 'oplogReplay', 'returnKey', 'showRecordId', 'min', 'max'];

export function findSpec(cmd: Doc): FindSpec {
  const skip = optionalNumber(cmd, 'skip');
  const limit = optionalNumber(cmd, 'limit');
  if (skip !== undefined && skip < 0) throw badValue('skip value must be non-negative');
  if (limit !== undefined && limit < 0) throw badValue('limit value must be non-negative');
  return {
    filter: optionalDoc(cmd, 'filter') ?? {},
    sort: optionalDoc(cmd, 'sort'),
    skip,
    limit,
    hint: cmd.hint,
    variables: letVariables(cmd),
  };
}

function find(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'find', ctx.db);
  for (const option of UNSUPPORTED_FIND_OPTIONS) if (cmd[option]) throw notImplemented(`find option '${option}'`);
  const spec = findSpec(cmd);
  const projection = optionalDoc(cmd, 'projection');
  const batchSize = optionalNumber(cmd, 'batchSize');
  if (batchSize !== undefined && batchSize < 0) throw badValue('batchSize value must be non-negative');
  const coll = ctx.state.catalogue.get(ctx.db, name);
  let out: Iterator<CursorItem>;
  if (isView(ctx, ctx.db, name)) {
    const stages: Doc[] = [{ $match: spec.filter ?? {} }];
    if (spec.sort && Object.keys(spec.sort).length) stages.push({ $sort: spec.sort });
    if (spec.skip) stages.push({ $skip: spec.skip });
    if (spec.limit) stages.push({ $limit: spec.limit });
    if (projection && Object.keys(projection).length) stages.push({ $project: projection });
    out = viewDocs(cmd, ctx, name, stages);
  } else {
    spec.collation = effectiveCollation(cmd.collation, coll);
    const { docs } = execute(coll, spec);
    out = encodedIterator(docs, projection) ?? projectIterator(docs, projection, spec.filter, spec.variables);
  }
  // The limit itself is enforced by the iterator, so the cursor closes by itself after `limit` docs.
  const first = Math.min(spec.limit || Infinity, batchSize ?? 101);
  return ctx.state.cursors.open(`${ctx.db}.${name}`, out, {
    batchSize: first,
    singleBatch: cmd.singleBatch === true,
    noCursorTimeout: cmd.noCursorTimeout === true,
  });
}

function getMore(cmd: Doc, ctx: CommandContext): Doc {
  const id = optionalNumber(cmd, 'getMore');
  if (id === undefined) throw new MongoCommandError(14, "BSON field 'getMore.getMore' is missing but a required field");
  if (typeof cmd.collection !== 'string')
    throw new MongoCommandError(14, "BSON field 'getMore.collection' is the wrong type, expected type 'string'");
  return ctx.state.cursors.getMore(id, cmd.collection, ctx.db, optionalNumber(cmd, 'batchSize'));
}

function killCursors(cmd: Doc, ctx: CommandContext): Doc {
  if (!Array.isArray(cmd.cursors))
    throw new MongoCommandError(14, "BSON field 'killCursors.cursors' is the wrong type, expected type 'array'");
  return ctx.state.cursors.kill(cmd.cursors.map((c) => Number(c)));
}

function count(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'count', ctx.db);
  const filter = optionalDoc(cmd, 'query') ?? {};
  const skip = optionalNumber(cmd, 'skip') ?? 0;
  const limit = Math.abs(optionalNumber(cmd, 'limit') ?? 0);
  const coll = ctx.state.catalogue.get(ctx.db, name);
  if (isView(ctx, ctx.db, name)) {
    const stages: Doc[] = [{ $match: filter }];
    if (skip) stages.push({ $skip: skip });
    if (limit) stages.push({ $limit: limit });
    const r = viewDocs(cmd, ctx, name, [...stages, { $count: 'n' }]).next();
    return { n: r.done ? 0 : r.value.n, ok: 1 };
  }
  const collation = effectiveCollation(cmd.collation, coll);
  if (!coll) return { n: 0, ok: 1 };
  if (Object.keys(filter).length === 0) {
    let n = Math.max(0, coll.count - skip);
    if (limit > 0) n = Math.min(n, limit);
    return { n, ok: 1 };
  }
  const { docs } = execute(coll, { filter, skip, limit: limit || undefined, hint: cmd.hint, collation });
  let n = 0;
  while (!docs.next().done) n++;
  return { n, ok: 1 };
}

function distinct(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'distinct', ctx.db);
  if (typeof cmd.key !== 'string')
    throw new MongoCommandError(14, "BSON field 'distinct.key' is the wrong type, expected type 'string'");
  const parts = cmd.key.split('.');
  const coll = ctx.state.catalogue.get(ctx.db, name);
  const view = isView(ctx, ctx.db, name);
  const collation = view
    ? parseCollation(cmd.collation ?? resolveView(ctx, name)?.collation)
    : effectiveCollation(cmd.collation, coll);
  const seen = new Map<string, unknown>();
  if (coll) {
    const filter = optionalDoc(cmd, 'query') ?? {};
    const docs = view
      ? viewDocs(cmd, ctx, name, [{ $match: filter }])
      : execute(coll, { filter, hint: cmd.hint, collation }).docs;
    for (let r = docs.next(); !r.done; r = docs.next()) {
      const values: unknown[] = [];
      valuesAtPath(r.value, parts, 0, values);
      for (const v of values) {
        if (v === MISSING || v === EMPTY_ARRAY) continue;
        const key = encodeValue(v);
        if (!seen.has(key)) seen.set(key, v);
      }
    }
  }
  const values = [...seen.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  return { values: collation ? collatedDistinct(values, collation) : values, ok: 1 };
}

/** A read on a view: an aggregate on the view (resolved by the aggregate path) with `stages` after it. */
function viewDocs(cmd: Doc, ctx: CommandContext, name: string, stages: Doc[]): Iterator<Doc> {
  const aggregate: Doc = { aggregate: name, pipeline: stages, cursor: {} };
  if (cmd.let !== undefined) aggregate.let = cmd.let;
  if (cmd.collation !== undefined) aggregate.collation = cmd.collation;
  return runPipeline(preparePipeline(aggregate, ctx), aggregate, ctx);
}

/** Values equal under the collation count once (the first in binary order stands for them). */
function collatedDistinct(values: unknown[], collation: Collation): unknown[] {
  const kept: unknown[] = [];
  for (const v of values)
    if (!kept.some((k) => collation.sameBracket(k, v) && collation.compare(k, v) === 0)) kept.push(v);
  return kept.sort((a, b) => collation.compare(a, b));
}

export const readCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
};
