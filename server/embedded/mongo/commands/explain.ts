// explain for find, count and aggregate, in the classic-engine shape of MongoDB 7.0, including
// executionStats.totalDocsExamined / totalKeysExamined from the real scan.
import type { Doc } from '../documents.js';
import { MongoCommandError, notImplemented } from '../errors.js';
import { execute, type Execution } from '../query-exec.js';
import type { Plan } from '../planner.js';
import type { CommandContext } from '../state.js';
import { SERVER_VERSION } from './handshake.js';
import { collectionArg, effectiveCollation, optionalDoc } from './args.js';
import { findSpec } from './read.js';
import { preparePipeline, runPipeline } from './aggregate.js';

function indexScan(plan: Plan & { index: NonNullable<Plan['index']> }): Doc {
  return {
    stage: 'IXSCAN',
    keyPattern: plan.index.spec.key,
    indexName: plan.index.name,
    isMultiKey: plan.index.multikey,
    isUnique: plan.index.unique,
    isSparse: !!plan.index.spec.sparse,
    isPartial: !!plan.index.spec.partialFilterExpression,
    direction: plan.reverse ? 'backward' : 'forward',
    intervals: plan.intervals.length,
  };
}

function winningPlan(plan: Plan, filter: Doc, sorted: boolean): Doc {
  let stage: Doc;
  if (plan.branches) {
    const inputStages = plan.branches.map((b) => indexScan(b as Plan & { index: NonNullable<Plan['index']> }));
    stage = { stage: 'FETCH', filter, inputStage: { stage: 'OR', inputStages } };
  } else if (plan.index) {
    stage = { stage: 'FETCH', filter, inputStage: indexScan(plan as Plan & { index: NonNullable<Plan['index']> }) };
  } else {
    stage = { stage: 'COLLSCAN', filter, direction: plan.reverse ? 'backward' : 'forward' };
  }
  if (sorted) stage = { stage: 'SORT', inputStage: stage };
  return stage;
}

function explainDoc(ns: string, exec: Execution, filter: Doc, sorted: boolean, verbosity: string, command: Doc, ctx: CommandContext, run: () => number): Doc {
  const out: Doc = {
    explainVersion: '1',
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: filter,
      winningPlan: winningPlan(exec.plan, filter, sorted),
      rejectedPlans: [],
    },
  };
  if (verbosity !== 'queryPlanner') {
    const started = Date.now();
    const nReturned = run();
    out.executionStats = {
      executionSuccess: true,
      nReturned,
      executionTimeMillis: Date.now() - started,
      totalKeysExamined: exec.stats.keysExamined,
      totalDocsExamined: exec.stats.docsExamined,
      executionStages: winningPlan(exec.plan, filter, sorted),
    };
  }
  out.command = command;
  out.serverInfo = { host: ctx.state.host, port: ctx.state.port, version: SERVER_VERSION, gitVersion: 'embedded' };
  out.ok = 1;
  return out;
}

function drain(iter: Iterator<unknown>): number {
  let n = 0;
  while (!iter.next().done) n++;
  return n;
}

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
      const sorted = !!spec.sort && Object.keys(spec.sort).length > 0 && !exec.plan.providesSort;
      return explainDoc(`${innerCtx.db}.${coll}`, exec, spec.filter ?? {}, sorted, verbosity, inner, innerCtx, () => drain(exec.docs));
    }
    case 'count': {
      const coll = collectionArg(inner, 'count', innerCtx.db);
      const filter = optionalDoc(inner, 'query') ?? {};
      const collection = ctx.state.catalogue.get(innerCtx.db, coll);
      const exec = execute(collection, { filter, collation: effectiveCollation(inner.collation, collection) });
      return explainDoc(`${innerCtx.db}.${coll}`, exec, filter, false, verbosity, inner, innerCtx, () => drain(exec.docs));
    }
    case 'aggregate': {
      const prepared = preparePipeline(inner, innerCtx);
      const filter = (inner.pipeline as Doc[])[0]?.$match as Doc | undefined ?? {};
      if (!prepared.exec) throw notImplemented('explain for this pipeline');
      const cursorStage = explainDoc(prepared.ns, prepared.exec, filter, false, verbosity, inner, innerCtx, () => drain(runPipeline(prepared, inner, innerCtx)));
      const { command, serverInfo, ok, explainVersion, ...plan } = cursorStage;
      void ok;
      return {
        explainVersion,
        stages: [{ $cursor: plan }, ...prepared.rest],
        ...plan,
        command,
        serverInfo,
        ok: 1,
      };
    }
    default:
      throw notImplemented(`explain for '${name}'`);
  }
}

export const explainCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = { explain };
