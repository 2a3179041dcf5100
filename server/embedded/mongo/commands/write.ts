// insert, update, delete and findAndModify, with MongoDB's batch semantics: an ordered batch stops
// at the first error, an unordered one keeps going; each failure is one `writeErrors` entry.
import type { Collection } from '../storage/collection.js';
import { isPlainObject, withIdFirst, type Doc } from '../common/documents.js';
import { validateForWrite } from '../write/validation.js';
import { MongoCommandError, failedToParse, toCommandError } from '../common/errors.js';
import { matchRecords } from '../query/query-exec.js';
import { planQuery } from '../query/planner.js';
import { applyUpdate, buildUpsert, isModifierUpdate, validateUpdate } from '../write/updates.js';
import { projectOne } from '../query/projection.js';
import type { CommandContext } from './state.js';
import { collectionArg, effectiveCollation, docArray, letVariables, optionalDoc } from './args.js';
import { evaluateLet } from '../operators/mingo-context.js';
import type { Collation } from '../query/collation.js';

interface BatchResult {
  writeErrors: Doc[];
}

function finish(reply: Doc, result: BatchResult): Doc {
  if (result.writeErrors.length) reply.writeErrors = result.writeErrors;
  reply.ok = 1;
  return reply;
}

function insert(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'insert', ctx.db);
  const docs = docArray(cmd, 'documents');
  const ordered = cmd.ordered !== false;
  const result: BatchResult = { writeErrors: [] };
  let n = 0;
  if (docs.length === 0) return { n: 0, ok: 1 };
  const coll = ctx.state.catalogue.getOrCreate(ctx.db, name);
  const bypass = cmd.bypassDocumentValidation === true;
  for (let i = 0; i < docs.length; i++) {
    try {
      const doc = withIdFirst(docs[i]);
      validateForWrite(coll, doc, { bypass });
      coll.insert(doc);
      n++;
    } catch (err) {
      result.writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return finish({ n }, result);
}

/** Record ids matched by a filter, collected before any change so an update never sees its own writes. */
function matchingRids(
  coll: Collection | undefined,
  filter: Doc,
  opts: { sort?: Doc; limit?: number; variables?: Doc; hint?: unknown; collation?: Collation },
): number[] {
  if (!coll) return [];
  const plan = planQuery(coll, filter, opts.sort, opts.hint, opts.collation);
  const stats = { keysExamined: 0, docsExamined: 0 };
  const rids: number[] = [];
  for (const [rid] of matchRecords(
    coll,
    { filter, sort: opts.sort, limit: opts.limit, variables: opts.variables, collation: opts.collation },
    plan,
    stats,
  )) {
    rids.push(rid);
  }
  return rids;
}

interface UpdateStatement {
  q: Doc;
  u: Doc | Doc[];
  multi: boolean;
  upsert: boolean;
  arrayFilters?: Doc[];
  hint?: unknown;
  /** The statement's own constants (`c`), on top of the command's `let`. */
  constants?: Doc;
}

// What a 7.0 update statement may hold; anything else (such as 8.0's `sort`) fails the command.
const UPDATE_STATEMENT_FIELDS = new Set([
  'q',
  'u',
  'c',
  'multi',
  'upsert',
  'upsertSupplied',
  'arrayFilters',
  'hint',
  'collation',
  'sampleId',
  '$_allowShardKeyUpdatesWithoutFullShardKeyInQuery',
]);
const DELETE_STATEMENT_FIELDS = new Set(['q', 'limit', 'hint', 'collation', 'sampleId']);

function checkStatementFields(statements: Doc[], command: string, array: string, known: Set<string>): void {
  for (const st of statements) {
    for (const field of Object.keys(st)) {
      if (!known.has(field)) {
        throw new MongoCommandError(
          40415,
          `BSON field '${command}.${array}.${field}' is an unknown field.`,
          {},
          'Location40415',
        );
      }
    }
  }
}

function parseStatement(raw: Doc): UpdateStatement {
  const q = raw.q ?? {};
  if (!isPlainObject(q)) throw failedToParse("BSON field 'update.updates.q' is the wrong type, expected type 'object'");
  const u = validateUpdate(raw.u);
  const multi = raw.multi === true;
  if (multi && !Array.isArray(u) && !isModifierUpdate(u)) {
    throw failedToParse('multi update is not supported for replacement-style update');
  }
  if (raw.arrayFilters !== undefined && !Array.isArray(raw.arrayFilters)) {
    throw failedToParse("BSON field 'arrayFilters' must be an array");
  }
  const constants = optionalDoc(raw, 'c');
  return {
    q,
    u,
    multi,
    upsert: raw.upsert === true,
    arrayFilters: raw.arrayFilters as Doc[] | undefined,
    hint: raw.hint,
    constants: constants && evaluateLet(constants),
  };
}

function update(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'update', ctx.db);
  const statements = docArray(cmd, 'updates');
  checkStatementFields(statements, 'update', 'updates', UPDATE_STATEMENT_FIELDS);
  const ordered = cmd.ordered !== false;
  const commandVariables = letVariables(cmd);
  const result: BatchResult = { writeErrors: [] };
  const upserted: Doc[] = [];
  const bypass = cmd.bypassDocumentValidation === true;
  let n = 0;
  let nModified = 0;
  for (let i = 0; i < statements.length; i++) {
    try {
      const st = parseStatement(statements[i]);
      const variables = st.constants ? { ...commandVariables, ...st.constants } : commandVariables;
      let coll = ctx.state.catalogue.get(ctx.db, name);
      const collation = effectiveCollation(statements[i].collation, coll);
      const rids = matchingRids(coll, st.q, { limit: st.multi ? undefined : 1, variables, hint: st.hint, collation });
      if (rids.length === 0) {
        if (st.upsert) {
          const doc = buildUpsert(st.q, st.u, { arrayFilters: st.arrayFilters, variables, collation });
          coll ??= ctx.state.catalogue.getOrCreate(ctx.db, name);
          validateForWrite(coll, doc, { bypass });
          const stored = coll.insert(doc);
          upserted.push({ index: i, _id: stored._id });
          n++;
        }
        continue;
      }
      for (const rid of rids) {
        const doc = coll!.records.get(rid);
        if (!doc) continue;
        const out = applyUpdate(doc, st.u, { filter: st.q, arrayFilters: st.arrayFilters, variables, collation });
        n++;
        if (out.modified) {
          validateForWrite(coll, out.doc, { previous: doc, bypass });
          coll!.replace(rid, out.doc);
          nModified++;
        }
      }
    } catch (err) {
      result.writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  return finish(reply, result);
}

function del(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'delete', ctx.db);
  const statements = docArray(cmd, 'deletes');
  checkStatementFields(statements, 'delete', 'deletes', DELETE_STATEMENT_FIELDS);
  const ordered = cmd.ordered !== false;
  const variables = letVariables(cmd);
  const result: BatchResult = { writeErrors: [] };
  let n = 0;
  // A bad limit fails the whole command (it is a parse error in mongod), not one statement.
  for (const st of statements) {
    const limit = Number(st.limit ?? 0);
    if (limit !== 0 && limit !== 1)
      throw failedToParse(`The limit field in delete objects must be 0 or 1. Got ${limit}`);
  }
  for (let i = 0; i < statements.length; i++) {
    try {
      const st = statements[i];
      const q = st.q ?? {};
      if (!isPlainObject(q))
        throw failedToParse("BSON field 'delete.deletes.q' is the wrong type, expected type 'object'");
      const limit = Number(st.limit ?? 0);
      const coll = ctx.state.catalogue.get(ctx.db, name);
      const collation = effectiveCollation(st.collation, coll);
      for (const rid of matchingRids(coll, q, {
        limit: limit === 1 ? 1 : undefined,
        variables,
        hint: st.hint,
        collation,
      })) {
        coll!.remove(rid);
        n++;
      }
    } catch (err) {
      result.writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return finish({ n }, result);
}

function findAndModify(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, Object.keys(cmd)[0], ctx.db);
  const query = optionalDoc(cmd, 'query') ?? {};
  const sort = optionalDoc(cmd, 'sort');
  const fields = cmd.fields ?? cmd.projection;
  const variables = letVariables(cmd);
  const remove = cmd.remove === true;
  const hasUpdate = cmd.update !== undefined && cmd.update !== null;
  if (remove && hasUpdate) throw failedToParse('Cannot specify both an update and remove=true');
  if (!remove && !hasUpdate) throw failedToParse('Either an update or remove=true must be specified');
  if (remove && cmd.new === true) {
    throw failedToParse("Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
  }
  if (remove && cmd.upsert === true) throw failedToParse('Cannot specify both upsert=true and remove=true');
  const arrayFilters = Array.isArray(cmd.arrayFilters) ? (cmd.arrayFilters as Doc[]) : undefined;

  let coll = ctx.state.catalogue.get(ctx.db, name);
  const collation = effectiveCollation(cmd.collation, coll);
  const [rid] = matchingRids(coll, query, { sort, limit: 1, variables, hint: cmd.hint, collation });
  const found = rid !== undefined ? coll!.records.get(rid) : undefined;

  if (remove) {
    if (!found) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll!.remove(rid);
    return { lastErrorObject: { n: 1 }, value: projectOne(found, fields, query), ok: 1 };
  }

  const spec = validateUpdate(cmd.update);
  if (found) {
    const out = applyUpdate(found, spec, { filter: query, arrayFilters, variables, collation });
    if (out.modified) {
      validateForWrite(coll, out.doc, { previous: found, bypass: cmd.bypassDocumentValidation === true });
      coll!.replace(rid, out.doc);
    }
    const value = cmd.new === true ? out.doc : found;
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: projectOne(value, fields, query), ok: 1 };
  }
  if (cmd.upsert === true) {
    const doc = buildUpsert(query, spec, { arrayFilters, variables, collation });
    coll ??= ctx.state.catalogue.getOrCreate(ctx.db, name);
    validateForWrite(coll, doc, { bypass: cmd.bypassDocumentValidation === true });
    const stored = coll.insert(doc);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: stored._id },
      value: cmd.new === true ? projectOne(stored, fields, query) : null,
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
}

export const writeCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
