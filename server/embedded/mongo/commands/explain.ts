// explain for find, count, distinct, aggregate, update, delete and findAndModify (and aggregate with
// `explain: true`), in the classic-engine shape of MongoDB 7.0, including executionStats.totalDocsExamined /
// totalKeysExamined from the real scan. Explained writes change nothing: they count what they would do.
import type { Doc } from '../common/documents.js';
import { MongoCommandError, badValue, notImplemented } from '../common/errors.js';
import { execute, type Execution } from '../query/query-exec.js';
import type { Plan, ScanStats } from '../query/planner.js';
import type { CommandContext } from './state.js';
import { SERVER_VERSION } from './handshake.js';
import { collectionArg, docArray, effectiveCollation, letVariables, optionalDoc, optionalNumber } from './args.js';
import { findSpec } from './read.js';
import { aggregateCommands, preparePipeline, runPipeline, type PreparedPipeline } from './aggregate.js';
import { applyUpdate, validateUpdate, type UpdateSpec } from '../write/updates.js';
import type { Collection } from '../storage/collection.js';
import { isPlainObject } from '../common/documents.js';

type IndexPlan = Plan & { index: NonNullable<Plan['index']> };

/** Stats an executionStages stage carries, from the real scan (undefined under queryPlanner). */
interface Run {
  nReturned: number;
  stats: ScanStats;
}

/** Which paths hold arrays: known only for a single-field index (its own path) once it is multikey. */
function multiKeyPaths(index: IndexPlan['index']): Doc | undefined {
  if (!index.multikey) return Object.fromEntries(index.fields.map((f) => [f.path, []]));
  return index.fields.length === 1 ? { [index.fields[0].path]: [index.fields[0].path] } : undefined;
}

function indexScan(plan: IndexPlan, bounds: Record<string, string[]> | undefined, run?: Run, keys?: number): Doc {
  const paths = multiKeyPaths(plan.index);
  const stage: Doc = {
    stage: 'IXSCAN',
    keyPattern: plan.index.spec.key,
    indexName: plan.index.name,
    isMultiKey: plan.index.multikey,
    ...(paths ? { multiKeyPaths: paths } : {}),
    isUnique: plan.index.unique,
    isSparse: !!plan.index.spec.sparse,
    isPartial: !!plan.index.spec.partialFilterExpression,
    indexVersion: 2,
    direction: plan.reverse ? 'backward' : 'forward',
    indexBounds:
      bounds ??
      Object.fromEntries(plan.index.fields.map((f) => [f.path, [f.desc ? '[MaxKey, MinKey]' : '[MinKey, MaxKey]']])),
  };
  if (run) stage.keysExamined = keys ?? run.stats.keysExamined;
  return stage;
}

interface ExplainShape {
  filter: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  /** count: the plan is wrapped in a COUNT stage. */
  count?: boolean;
  /** An explained write: the plan is wrapped in its UPDATE or DELETE stage, which returns nothing. */
  write?: 'UPDATE' | 'DELETE';
  /** What the write would have done (nMatched, nWouldModify...), filled in by the run. */
  writeCounts?: Doc;
}

/** The winning plan (and, given a run, the executionStages) in the classic engine's stage shapes. */
function planTree(plan: Plan, shape: ExplainShape, run?: Run): Doc {
  const filtered = Object.keys(shape.filter).length > 0 && !plan.exact;
  const fetch = (inputStage: Doc): Doc => {
    const stage: Doc = { stage: 'FETCH' };
    if (filtered)
      stage.filter = plan.recheck
        ? Object.fromEntries(plan.recheck.map((path) => [path, shape.filter[path]]))
        : shape.filter;
    if (run) stage.docsExamined = run.stats.docsExamined;
    stage.inputStage = inputStage;
    return stage;
  };
  let stage: Doc;
  if (plan.branches) {
    const inputStages = plan.branches.map((b) => indexScan(b as IndexPlan, b.bounds));
    stage = fetch({ stage: 'OR', inputStages });
  } else if (plan.index && plan.merge) {
    const inputStages = plan.intervals.map((_, i) => indexScan(plan as IndexPlan, plan.mergeBounds?.[i]));
    stage = fetch({ stage: 'SORT_MERGE', sortPattern: shape.sort, inputStages });
  } else if (plan.index) {
    stage = fetch(indexScan(plan as IndexPlan, plan.bounds, run));
  } else {
    stage = { stage: 'COLLSCAN' };
    if (Object.keys(shape.filter).length) stage.filter = shape.filter;
    stage.direction = plan.reverse ? 'backward' : 'forward';
    if (run) stage.docsExamined = run.stats.docsExamined;
  }
  const sorted = !!shape.sort && Object.keys(shape.sort).length > 0 && !plan.providesSort;
  const skip = shape.skip ?? 0;
  const limit = shape.limit && shape.limit > 0 ? shape.limit : 0;
  if (sorted) {
    stage = {
      stage: 'SORT',
      sortPattern: shape.sort,
      memLimit: 104857600,
      ...(limit ? { limitAmount: skip + limit } : {}),
      type: 'simple',
      inputStage: stage,
    };
  }
  if (skip) stage = { stage: 'SKIP', skipAmount: skip, inputStage: stage };
  if (limit && !sorted) stage = { stage: 'LIMIT', limitAmount: limit, inputStage: stage };
  if (shape.projection && Object.keys(shape.projection).length) {
    stage = { stage: 'PROJECTION_DEFAULT', transformBy: shape.projection, inputStage: stage };
  }
  if (shape.count) stage = { stage: 'COUNT', inputStage: stage };
  if (shape.write) stage = { stage: shape.write, ...(run ? shape.writeCounts : {}), inputStage: stage };
  if (run)
    stage = { ...stage, nReturned: shape.count || shape.write ? 0 : run.nReturned, executionTimeMillisEstimate: 0 };
  return stage;
}

function explainDoc(
  ns: string,
  exec: Execution,
  shape: ExplainShape,
  verbosity: string,
  command: Doc,
  ctx: CommandContext,
  run: () => number,
): Doc {
  if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)) {
    throw badValue(`verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  }
  const out: Doc = {
    explainVersion: '1',
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: shape.filter,
      maxIndexedOrSolutionsReached: false,
      maxIndexedAndSolutionsReached: false,
      maxScansToExplodeReached: false,
      winningPlan: planTree(exec.plan, shape),
      rejectedPlans: [],
    },
  };
  if (verbosity !== 'queryPlanner') {
    const started = Date.now();
    const nReturned = run();
    const stats: Doc = {
      executionSuccess: true,
      nReturned: shape.count || shape.write ? 0 : nReturned,
      executionTimeMillis: Date.now() - started,
      totalKeysExamined: exec.stats.keysExamined,
      totalDocsExamined: exec.stats.docsExamined,
      executionStages: planTree(exec.plan, shape, { nReturned, stats: exec.stats }),
    };
    if (verbosity === 'allPlansExecution') stats.allPlansExecution = [];
    out.executionStats = stats;
  }
  out.command = command;
  out.serverInfo = { host: ctx.state.host, port: ctx.state.port, version: SERVER_VERSION, gitVersion: 'embedded' };
  out.ok = 1;
  return out;
}

interface StageCount {
  nReturned: number;
  executionTimeMillisEstimate: number;
}

interface StageCounts {
  cursor: StageCount;
  stages: StageCount[];
}

/** The pipeline run for explain: the query layer's documents, then each later stage on the previous one's output. */
function runStageByStage(prepared: PreparedPipeline, exec: Execution, cmd: Doc, ctx: CommandContext): StageCounts {
  let started = Date.now();
  let docs = [...iterate(exec.docs)];
  const cursor = { nReturned: docs.length, executionTimeMillisEstimate: Date.now() - started };
  const stages = prepared.rest.map((stage) => {
    started = Date.now();
    docs = [
      ...iterate(
        runPipeline({ ns: prepared.ns, rest: [stage], source: docs, collation: prepared.collation }, cmd, ctx),
      ),
    ];
    return { nReturned: docs.length, executionTimeMillisEstimate: Date.now() - started };
  });
  return { cursor, stages };
}

function* iterate<T>(iter: Iterator<T>): Generator<T> {
  for (let r = iter.next(); !r.done; r = iter.next()) yield r.value;
}

function drain(iter: Iterator<unknown>): number {
  let n = 0;
  while (!iter.next().done) n++;
  return n;
}

/** What an explained update, delete or findAndModify would touch; nothing is written. */
interface WriteExplain {
  coll: string;
  filter: Doc;
  sort?: Doc;
  /** Documents it would take: 1 for a single-document write. */
  limit?: number;
  hint?: unknown;
  collation: unknown;
  update?: UpdateSpec;
  upsert?: boolean;
  arrayFilters?: Doc[];
}

function explainWrite(w: WriteExplain, verbosity: string, inner: Doc, ctx: CommandContext): Doc {
  const collection: Collection | undefined = ctx.state.catalogue.get(ctx.db, w.coll);
  const collation = effectiveCollation(w.collation, collection);
  const variables = letVariables(inner);
  const exec = execute(collection, {
    filter: w.filter,
    sort: w.sort,
    limit: w.limit,
    hint: w.hint,
    collation,
    variables,
  });
  const shape: ExplainShape = {
    filter: w.filter,
    sort: w.sort,
    limit: w.sort ? w.limit : undefined,
    write: w.update ? 'UPDATE' : 'DELETE',
  };
  const run = () => {
    let matched = 0;
    let modified = 0;
    for (let r = exec.docs.next(); !r.done; r = exec.docs.next()) {
      matched++;
      if (
        w.update &&
        applyUpdate(r.value, w.update, { filter: w.filter, arrayFilters: w.arrayFilters, variables, collation })
          .modified
      )
        modified++;
    }
    shape.writeCounts = w.update
      ? { nMatched: matched, nWouldModify: modified, nWouldUpsert: matched === 0 && w.upsert ? 1 : 0 }
      : { nWouldDelete: matched };
    return matched;
  };
  return explainDoc(`${ctx.db}.${w.coll}`, exec, shape, verbosity, inner, ctx, run);
}

/** The single statement an explained update or delete batch may hold, as mongod requires. */
function onlyStatement(inner: Doc, field: string): Doc {
  const statements = docArray(inner, field);
  if (statements.length !== 1)
    throw new MongoCommandError(16, 'explained write batches must be of size 1', {}, 'InvalidLength');
  return statements[0];
}

const docOr = (v: unknown): Doc => (isPlainObject(v) ? v : {});

function explain(cmd: Doc, ctx: CommandContext): Doc {
  const inner = optionalDoc(cmd, 'explain');
  if (!inner) throw new MongoCommandError(14, "BSON field 'explain.explain' is the wrong type, expected type 'object'");
  const verbosity = typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution';
  const name = Object.keys(inner)[0];
  const innerCtx = { ...ctx, db: typeof inner.$db === 'string' ? inner.$db : ctx.db };
  switch (name) {
    case 'find': {
      const coll = collectionArg(inner, 'find', innerCtx.db);
      const spec = findSpec(inner);
      const collection = ctx.state.catalogue.get(innerCtx.db, coll);
      spec.collation = effectiveCollation(inner.collation, collection);
      const exec = execute(collection, spec);
      const shape: ExplainShape = {
        filter: spec.filter ?? {},
        sort: spec.sort,
        skip: spec.skip,
        limit: spec.limit,
        projection: optionalDoc(inner, 'projection'),
      };
      return explainDoc(`${innerCtx.db}.${coll}`, exec, shape, verbosity, inner, innerCtx, () => drain(exec.docs));
    }
    case 'count': {
      const coll = collectionArg(inner, 'count', innerCtx.db);
      const filter = optionalDoc(inner, 'query') ?? {};
      const collection = ctx.state.catalogue.get(innerCtx.db, coll);
      const skip = optionalNumber(inner, 'skip');
      const limit = optionalNumber(inner, 'limit');
      const exec = execute(collection, {
        filter,
        skip,
        limit: limit ? Math.abs(limit) : undefined,
        hint: inner.hint,
        collation: effectiveCollation(inner.collation, collection),
      });
      const shape: ExplainShape = { filter, skip, limit: limit ? Math.abs(limit) : undefined, count: true };
      return explainDoc(`${innerCtx.db}.${coll}`, exec, shape, verbosity, inner, innerCtx, () => drain(exec.docs));
    }
    case 'aggregate': {
      const prepared = preparePipeline(inner, innerCtx);
      const filter = ((inner.pipeline as Doc[])[0]?.$match as Doc | undefined) ?? {};
      if (!prepared.exec) {
        // No collection read ($documents, $collStats, a database aggregate): the stages alone.
        return {
          explainVersion: '1',
          stages: inner.pipeline as Doc[],
          command: inner,
          serverInfo: { host: ctx.state.host, port: ctx.state.port, version: SERVER_VERSION, gitVersion: 'embedded' },
          ok: 1,
        };
      }
      const shape: ExplainShape = { filter, sort: prepared.exec.plan.providesSort ? prepared.sort : undefined };
      const exec = prepared.exec;
      let counted: StageCounts | undefined;
      const cursorStage = explainDoc(prepared.ns, exec, shape, verbosity, inner, innerCtx, () => {
        counted = runStageByStage(prepared, exec, inner, innerCtx);
        return counted.cursor.nReturned;
      });
      // A pipeline answered wholly by the query layer is explained as a find, as mongod does.
      if (prepared.rest.length === 0) return cursorStage;
      // Otherwise the plan (and its executionStats) sits only in stages[0].$cursor, as in mongod 7.0's classic engine;
      // with execution, every stage says how many documents it passed on and how long it took.
      const { command, serverInfo, ok, explainVersion, ...plan } = cursorStage;
      void ok;
      const stages = [
        { $cursor: plan, ...counted?.cursor },
        ...prepared.rest.map((stage, i) => ({ ...stage, ...counted?.stages[i] })),
      ];
      return { explainVersion, stages, command, serverInfo, ok: 1 };
    }
    case 'distinct': {
      const coll = collectionArg(inner, 'distinct', innerCtx.db);
      const filter = optionalDoc(inner, 'query') ?? {};
      const collection = ctx.state.catalogue.get(innerCtx.db, coll);
      const exec = execute(collection, {
        filter,
        hint: inner.hint,
        collation: effectiveCollation(inner.collation, collection),
      });
      return explainDoc(`${innerCtx.db}.${coll}`, exec, { filter }, verbosity, inner, innerCtx, () => drain(exec.docs));
    }
    case 'update': {
      const st = onlyStatement(inner, 'updates');
      return explainWrite(
        {
          coll: collectionArg(inner, 'update', innerCtx.db),
          filter: docOr(st.q),
          limit: st.multi === true ? undefined : 1,
          hint: st.hint,
          collation: st.collation,
          update: validateUpdate(st.u),
          upsert: st.upsert === true,
          arrayFilters: st.arrayFilters as Doc[] | undefined,
        },
        verbosity,
        inner,
        innerCtx,
      );
    }
    case 'delete': {
      const st = onlyStatement(inner, 'deletes');
      return explainWrite(
        {
          coll: collectionArg(inner, 'delete', innerCtx.db),
          filter: docOr(st.q),
          limit: st.limit === 1 ? 1 : undefined,
          hint: st.hint,
          collation: st.collation,
        },
        verbosity,
        inner,
        innerCtx,
      );
    }
    case 'findAndModify':
    case 'findandmodify': {
      const remove = inner.remove === true;
      return explainWrite(
        {
          coll: collectionArg(inner, name, innerCtx.db),
          filter: optionalDoc(inner, 'query') ?? {},
          sort: optionalDoc(inner, 'sort'),
          limit: 1,
          hint: inner.hint,
          collation: inner.collation,
          update: remove ? undefined : validateUpdate(inner.update),
          upsert: inner.upsert === true,
          arrayFilters: inner.arrayFilters as Doc[] | undefined,
        },
        verbosity,
        inner,
        innerCtx,
      );
    }
    default:
      throw notImplemented(`explain for '${name}'`);
  }
}

/** aggregate with `explain: true` answers as the explain command does at queryPlanner verbosity. */
function aggregate(cmd: Doc, ctx: CommandContext): Doc {
  if (cmd.explain !== true) return aggregateCommands.aggregate(cmd, ctx);
  const { explain: _explain, ...inner } = cmd;
  return explain({ explain: inner, verbosity: 'queryPlanner' }, ctx);
}

// Listed after aggregate.ts's commands (commands/index.ts), so this aggregate is the one dispatched.
export const explainCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = { explain, aggregate };
