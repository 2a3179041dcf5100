// aggregate: the leading $match (and a $sort the chosen index already provides) runs on our own
// indexes; mingo evaluates the rest of the pipeline, except the countDocuments shape, counted here.
import { Aggregator } from 'mingo/aggregator';
import { ProcessingMode } from 'mingo/core';
import { mingoOptions } from '../operators/mingo-context.js';
import { Lazy } from 'mingo/lazy';
import type { Collection } from '../storage/collection.js';
import { cloneDoc, isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, failedToParse, notImplemented, toCommandError, typeMismatch } from '../common/errors.js';
import { execute, refuseUncollated, type Execution } from '../query/query-exec.js';
import type { CommandContext } from './state.js';
import { effectiveCollation, letVariables, optionalNumber } from './args.js';
import { comparingOperatorIn, type Collation } from '../query/collation.js';
import { outputStageOf, writeMerge, writeOut } from './aggregate-output.js';
import { resolveView } from './views.js';
import { localSessions } from './sessions.js';
import { validateCollectionName } from '../storage/catalogue.js';
import { checkProjectionMode } from '../query/projection.js';

export interface PreparedPipeline {
  coll?: Collection;
  ns: string;
  /** Stages left for mingo after the pushed-down prefix. */
  rest: Doc[];
  exec?: Execution;
  /** Output of $collStats, which replaces the collection as the pipeline's source. */
  source?: Doc[];
  collation?: Collation;
  /** The leading $sort the index scan provides (folded into `exec`), for explain. */
  sort?: Doc;
}

const COLLATION_FREE_STAGES = new Set([
  '$skip',
  '$limit',
  '$count',
  '$unwind',
  '$sample',
  '$sort',
  '$collStats',
  '$documents',
]);
const EXPRESSION_STAGES = new Set(['$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith']);

/** Stages that would compare strings without the collation are refused rather than answered wrongly. */
function refuseUncollatedStages(pipeline: Doc[]): void {
  for (const stage of pipeline) {
    const [name] = Object.keys(stage);
    const spec = stage[name];
    if (COLLATION_FREE_STAGES.has(name)) continue;
    if (name === '$match') {
      refuseUncollated(spec);
      continue;
    }
    let op = EXPRESSION_STAGES.has(name) ? comparingOperatorIn(spec) : undefined;
    if (name === '$group' && isPlainObject(spec)) {
      // Grouping by a constant (what countDocuments does) never compares strings.
      const byField = JSON.stringify(spec._id ?? null).includes('"$');
      op = byField ? '$group by a field' : comparingOperatorIn(spec);
      if (!op) continue;
    }
    if (EXPRESSION_STAGES.has(name) && !op) continue;
    throw notImplemented(
      `Aggregation stage ${op && op !== name ? `${name} (${op})` : name} with a non-simple collation`,
    );
  }
}

function collStatsDoc(ctx: CommandContext, coll: Collection | undefined, ns: string, spec: Doc): Doc {
  const out: Doc = { ns, host: `${ctx.state.host}:${ctx.state.port}`, localTime: new Date() };
  const count = coll?.count ?? 0;
  if (spec.count !== undefined) out.count = count;
  if (spec.storageStats !== undefined) {
    const size = coll?.dataSize() ?? 0;
    out.storageStats = {
      size,
      count,
      avgObjSize: count ? Math.floor(size / count) : 0,
      storageSize: size,
      nindexes: coll?.indexes.size ?? 0,
      totalIndexSize: 0,
      totalSize: size,
      indexSizes: Object.fromEntries([...(coll?.indexes.keys() ?? [])].map((n) => [n, 0])),
      capped: false,
    };
  }
  if (spec.latencyStats !== undefined) out.latencyStats = { reads: {}, writes: {}, commands: {}, transactions: {} };
  return out;
}

function checkSample(spec: unknown): void {
  const size = isPlainObject(spec) ? spec.size : undefined;
  if (typeof size !== 'number')
    throw new MongoCommandError(28745, '$sample stage must specify a size', {}, 'Location28745');
  if (size < 0)
    throw new MongoCommandError(28747, 'size argument to $sample must not be negative', {}, 'Location28747');
}

export function preparePipeline(cmd: Doc, ctx: CommandContext): PreparedPipeline {
  if (!Array.isArray(cmd.pipeline))
    throw typeMismatch("BSON field 'aggregate.pipeline' is the wrong type, expected type 'array'");
  const view = typeof cmd.aggregate === 'string' ? resolveView(ctx, cmd.aggregate) : undefined;
  if (view) {
    // The view's own pipeline runs first, on the collection it finally reads; the cursor keeps the view's name.
    const onSource: Doc = { ...cmd, aggregate: view.source, pipeline: [...view.pipeline, ...(cmd.pipeline as Doc[])] };
    if (onSource.collation === undefined && view.collation) onSource.collation = view.collation;
    return { ...preparePipeline(onSource, ctx), ns: `${ctx.db}.${cmd.aggregate as string}` };
  }
  const target = cmd.aggregate;
  const pipeline = cmd.pipeline as Doc[];
  pipeline.forEach((stage, i) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        40323,
        'A pipeline stage specification object must contain exactly one field.',
        {},
        'Location40323',
      );
    }
    const name = Object.keys(stage)[0];
    if ((name === '$out' || name === '$merge') && i !== pipeline.length - 1) {
      throw new MongoCommandError(40601, `${name} can only be the final stage in the pipeline`, {}, 'Location40601');
    }
    if (name === '$changeStream')
      throw new MongoCommandError(40573, 'The $changeStream stage is only supported on replica sets');
    if (name === '$project' && isPlainObject(stage.$project)) checkProjectionMode(stage.$project, false);
    if (name === '$sample') checkSample(stage.$sample);
    if (name === '$listLocalSessions' && (i !== 0 || cmd.aggregate !== 1)) {
      throw new MongoCommandError(
        40602,
        '$listLocalSessions must be the first stage of an aggregate: 1 pipeline',
        {},
        'Location40602',
      );
    }
    if (name === '$collStats' && i !== 0) {
      throw new MongoCommandError(
        40602,
        '$collStats is only valid as the first stage in a pipeline',
        {},
        'Location40602',
      );
    }
  });
  if (target !== 1 && typeof target !== 'string') {
    throw failedToParse("Invalid aggregate namespace: 'aggregate' must be a string or 1");
  }
  if (typeof target === 'string') validateCollectionName(ctx.db, target);
  const ns = typeof target === 'string' ? `${ctx.db}.${target}` : `${ctx.db}.$cmd.aggregate`;
  const coll = typeof target === 'string' ? ctx.state.catalogue.get(ctx.db, target) : undefined;
  const collation = effectiveCollation(cmd.collation, coll);
  if (collation) refuseUncollatedStages(pipeline);
  if (typeof target !== 'string') {
    const first = pipeline[0];
    if (first && '$listLocalSessions' in first) {
      return { ns, rest: pipeline.slice(1), source: localSessions(ctx.state, first.$listLocalSessions), collation };
    }
    return { ns, rest: pipeline, source: [], collation };
  }

  const first = pipeline[0];
  if (first && '$collStats' in first) {
    const spec = isPlainObject(first.$collStats) ? first.$collStats : {};
    return { coll, ns, rest: pipeline.slice(1), source: [collStatsDoc(ctx, coll, ns, spec)], collation };
  }
  let filter: Doc = {};
  let consumed = 0;
  if (first && '$match' in first) {
    if (!isPlainObject(first.$match)) throw failedToParse('the match filter must be an expression in an object');
    filter = first.$match;
    consumed = 1;
  }
  const next = pipeline[consumed];
  let sort: Doc | undefined;
  if (next && '$sort' in next && isPlainObject(next.$sort)) sort = next.$sort;
  const variables = letVariables(cmd);
  const hint = cmd.hint;
  let exec = execute(coll, { filter, variables, collation, hint });
  let folded: Doc | undefined;
  if (sort) {
    const sorted = execute(coll, { filter, sort, variables, collation, hint });
    if (sorted.plan.providesSort) {
      exec = sorted;
      folded = sort;
      consumed++;
    }
  }
  return { coll, ns, rest: pipeline.slice(consumed), exec, collation, sort: folded };
}

// Stages that never modify the documents they receive. A pipeline made only of these can read
// stored documents directly; any other stage makes mingo work on copies (CLONE_INPUT).
const READ_ONLY_STAGES = new Set([
  '$match',
  '$group',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$sortByCount',
  '$sample',
  '$bucket',
  '$bucketAuto',
  '$unwind',
  '$replaceRoot',
  '$replaceWith',
  '$documents',
]);

function readOnly(pipeline: unknown[]): boolean {
  return pipeline.every((stage) => {
    if (!isPlainObject(stage)) return false;
    const [name] = Object.keys(stage);
    const spec = stage[name];
    if (READ_ONLY_STAGES.has(name)) return true;
    if (name === '$facet' && isPlainObject(spec))
      return Object.values(spec).every((p) => Array.isArray(p) && readOnly(p));
    if (name === '$lookup' && isPlainObject(spec)) return !Array.isArray(spec.pipeline) || readOnly(spec.pipeline);
    return false;
  });
}

/**
 * The driver's countDocuments pipeline ends in `{$group: {_id: 1, n: {$sum: 1}}}`, after optional
 * $skip / $limit: counted directly instead of handing every document to mingo's $group.
 */
interface CountShape {
  skip: number;
  limit: number;
  id: unknown;
  countKey: string;
}

function countDocumentsShape(rest: Doc[]): CountShape | undefined {
  const last = rest[rest.length - 1];
  if (!last || !isPlainObject(last.$group)) return undefined;
  const group = last.$group;
  const keys = Object.keys(group);
  if (keys.length !== 2 || !(typeof group._id === 'number' || group._id === null)) return undefined;
  const countKey = keys.find((k) => k !== '_id');
  if (countKey === undefined) return undefined;
  const acc = group[countKey];
  if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || acc.$sum !== 1) return undefined;
  let skip = 0;
  let limit = Infinity;
  for (const stage of rest.slice(0, -1)) {
    if (typeof stage.$skip === 'number' && stage.$skip >= 0 && limit === Infinity) skip += stage.$skip;
    else if (typeof stage.$limit === 'number' && stage.$limit > 0) limit = Math.min(limit, stage.$limit);
    else return undefined;
  }
  return { skip, limit, id: group._id, countKey };
}

function* countOf(input: Iterator<Doc>, shape: CountShape): Generator<Doc> {
  let n = 0;
  let seen = 0;
  for (let r = input.next(); !r.done && n < shape.limit; r = input.next()) {
    if (seen++ >= shape.skip) n++;
  }
  if (n > 0) yield { _id: shape.id, [shape.countKey]: n };
}

/** Runs the prepared pipeline lazily; the returned iterator maps mingo failures to MongoDB errors. */
export function runPipeline(prepared: PreparedPipeline, cmd: Doc, ctx: CommandContext): Iterator<Doc> {
  const input: Iterator<Doc> = prepared.source
    ? prepared.source[Symbol.iterator]()
    : (prepared.exec?.docs ?? [][Symbol.iterator]());
  if (prepared.rest.length === 0) return input;
  const counting = countDocumentsShape(prepared.rest);
  if (counting) return countOf(input, counting);
  const copyFree = readOnly(prepared.rest);
  // Joined documents are handed to later stages as they are: only a read-only pipeline may see stored ones.
  const resolver = (name: string) => {
    const records = ctx.state.catalogue.get(ctx.db, name)?.records.values();
    if (!records) return [];
    return copyFree ? [...records] : [...records].map(cloneDoc);
  };
  try {
    const agg = new Aggregator(prepared.rest, {
      ...mingoOptions(letVariables(cmd), prepared.collation),
      collectionResolver: resolver,
      processingMode: copyFree ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
    });
    const out = agg.stream(Lazy({ next: () => input.next() } as never));
    return {
      next(): IteratorResult<Doc> {
        try {
          const r = out.next();
          return r.done ? { done: true, value: undefined } : { done: false, value: r.value as Doc };
        } catch (err) {
          throw toCommandError(err);
        }
      },
    };
  } catch (err) {
    throw toCommandError(err);
  }
}

function aggregate(cmd: Doc, ctx: CommandContext): Doc {
  const cursor = cmd.cursor;
  if (!isPlainObject(cursor)) {
    throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
  }
  const batchSize = optionalNumber(cursor, 'batchSize');
  const pipeline = Array.isArray(cmd.pipeline) ? (cmd.pipeline as Doc[]) : [];
  const output = outputStageOf(pipeline[pipeline.length - 1]);
  if (output) {
    // Checked whole first (stage shapes, final position), then run without the output stage.
    preparePipeline(cmd, ctx);
    const inner = { ...cmd, pipeline: pipeline.slice(0, -1) };
    const prepared = preparePipeline(inner, ctx);
    const docs: Doc[] = [];
    const iter = runPipeline(prepared, inner, ctx);
    for (let r = iter.next(); !r.done; r = iter.next()) docs.push(cloneDoc(r.value));
    const spec = pipeline[pipeline.length - 1][output];
    const bypass = cmd.bypassDocumentValidation === true;
    if (output === '$out') writeOut(docs, spec, ctx, bypass);
    else writeMerge(docs, spec, ctx, letVariables(cmd), bypass);
    return ctx.state.cursors.open(prepared.ns, [][Symbol.iterator](), { batchSize });
  }
  const prepared = preparePipeline(cmd, ctx);
  const iter = runPipeline(prepared, cmd, ctx);
  return ctx.state.cursors.open(prepared.ns, iter, { batchSize });
}

export const aggregateCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = { aggregate };
