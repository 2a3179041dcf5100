// Catalogue commands: databases, collections, indexes and their statistics.
import { Query } from 'mingo/query';
import { mingoOptions } from '../operators/mingo-context.js';
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, badValue, notImplemented, toCommandError } from '../common/errors.js';
import { validateIndexSpec, type IndexSpec } from '../indexes/index-store.js';
import { ID_INDEX_SPEC, type Collection } from '../storage/collection.js';
import type { CommandContext } from './state.js';
import { parseCollation } from '../query/collation.js';
import { viewOptions } from './views.js';
import { checkValidationOptions, checkValidator } from '../write/validation.js';
import { collectionArg, optionalDoc, optionalNumber } from './args.js';

function sameKey(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && Number(a[k]) === Number(b[k]));
}

const OPTION_FIELDS = ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation'] as const;

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  return OPTION_FIELDS.every((f) => JSON.stringify(a[f] ?? null) === JSON.stringify(b[f] ?? null));
}

function createIndexes(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'createIndexes', ctx.db);
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) {
    throw badValue('Must specify at least one index to create');
  }
  const existed = ctx.state.catalogue.get(ctx.db, name);
  const defaultCollation = parseCollation(existed?.options.collation);
  const specs = (cmd.indexes as unknown[]).map((raw) => {
    if (!isPlainObject(raw))
      throw new MongoCommandError(
        14,
        "BSON field 'createIndexes.indexes' element is the wrong type, expected type 'object'",
      );
    return validateIndexSpec(raw, defaultCollation);
  });
  const coll = existed ?? ctx.state.catalogue.getOrCreate(ctx.db, name);
  const before = coll.indexes.size;
  const toBuild: IndexSpec[] = [];
  for (const spec of specs) {
    if (sameKey(spec.key, ID_INDEX_SPEC.key) && spec.name === '_id_') continue;
    const byName = coll.indexes.get(spec.name);
    if (byName) {
      if (sameKey(byName.spec.key, spec.key) && sameOptions(byName.spec, spec)) continue;
      if (!sameKey(byName.spec.key, spec.key)) {
        throw new MongoCommandError(
          86,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
        );
      }
      throw new MongoCommandError(
        85,
        `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
      );
    }
    const byKey = [...coll.indexes.values()].find(
      (i) =>
        sameKey(i.spec.key, spec.key) &&
        JSON.stringify(i.spec.partialFilterExpression ?? null) === JSON.stringify(spec.partialFilterExpression ?? null),
    );
    if (byKey) {
      if (sameOptions(byKey.spec, spec)) {
        throw new MongoCommandError(85, `Index already exists with a different name: ${byKey.name}`);
      }
      throw new MongoCommandError(
        85,
        `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byKey.spec)}`,
      );
    }
    if (spec.partialFilterExpression) {
      try {
        new Query(spec.partialFilterExpression, mingoOptions());
      } catch (err) {
        throw toCommandError(err);
      }
    }
    toBuild.push(spec);
  }
  for (const spec of toBuild) coll.addIndex(spec);
  const reply: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.size,
    createdCollectionAutomatically: !existed,
  };
  if (toBuild.length === 0) reply.note = 'all indexes already exist';
  reply.ok = 1;
  return reply;
}

function listIndexes(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'listIndexes', ctx.db);
  const coll = ctx.state.catalogue.get(ctx.db, name);
  if (!coll) throw new MongoCommandError(26, `ns does not exist: ${ctx.db}.${name}`);
  const specs = [...coll.indexes.values()].map((i) => ({ ...i.spec }));
  const batchSize = isPlainObject(cmd.cursor) ? optionalNumber(cmd.cursor, 'batchSize') : undefined;
  return ctx.state.cursors.open(`${ctx.db}.${name}`, specs[Symbol.iterator](), { batchSize });
}

function dropIndexes(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, Object.keys(cmd)[0], ctx.db);
  const coll = ctx.state.catalogue.get(ctx.db, name);
  if (!coll) throw new MongoCommandError(26, `ns not found ${ctx.db}.${name}`);
  const was = coll.indexes.size;
  const target = cmd.index;
  let names: string[];
  if (target === '*') names = [...coll.indexes.keys()].filter((n) => n !== '_id_');
  else if (typeof target === 'string') names = [target];
  else if (Array.isArray(target)) names = target.map(String);
  else if (isPlainObject(target)) {
    const found = [...coll.indexes.values()].filter((i) => sameKey(i.spec.key, target));
    if (found.length === 0) throw new MongoCommandError(27, `can't find index with key: ${JSON.stringify(target)}`);
    names = [found[0].name];
  } else throw new MongoCommandError(14, "BSON field 'dropIndexes.index' is the wrong type");
  for (const n of names) {
    if (n === '_id_') throw new MongoCommandError(72, 'cannot drop _id index');
    if (!coll.indexes.has(n)) throw new MongoCommandError(27, `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  return { nIndexesWas: was, ok: 1 };
}

function collectionInfo(coll: Collection, nameOnly: boolean): Doc {
  if (typeof coll.options.viewOn === 'string') {
    return nameOnly
      ? { name: coll.name, type: 'view' }
      : { name: coll.name, type: 'view', options: coll.options, info: { readOnly: true } };
  }
  if (nameOnly) return { name: coll.name, type: 'collection' };
  return {
    name: coll.name,
    type: 'collection',
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: { ...ID_INDEX_SPEC },
  };
}

function listCollections(cmd: Doc, ctx: CommandContext): Doc {
  const filter = optionalDoc(cmd, 'filter');
  const nameOnly = cmd.nameOnly === true;
  let infos = ctx.state.catalogue.collections(ctx.db).map((c) => collectionInfo(c, nameOnly));
  if (filter && Object.keys(filter).length) {
    try {
      const q = new Query(filter, mingoOptions());
      // Filters on options/info need the full document even when only names are returned.
      infos = ctx.state.catalogue
        .collections(ctx.db)
        .filter((c) => q.test(collectionInfo(c, false)))
        .map((c) => collectionInfo(c, nameOnly));
    } catch (err) {
      throw toCommandError(err);
    }
  }
  const batchSize = isPlainObject(cmd.cursor) ? optionalNumber(cmd.cursor, 'batchSize') : undefined;
  return ctx.state.cursors.open(`${ctx.db}.$cmd.listCollections`, infos[Symbol.iterator](), { batchSize });
}

function create(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'create', ctx.db);
  if (cmd.viewOn !== undefined) {
    const options = viewOptions(cmd);
    parseCollation(options.collation);
    if (ctx.state.catalogue.get(ctx.db, name))
      throw new MongoCommandError(48, `Collection ${ctx.db}.${name} already exists.`);
    ctx.state.catalogue.create(ctx.db, name, options);
    return { ok: 1 };
  }
  for (const unsupported of [
    'capped',
    'timeseries',
    'clusteredIndex',
    'changeStreamPreAndPostImages',
    'encryptedFields',
  ]) {
    if (cmd[unsupported]) throw notImplemented(`create option '${unsupported}'`);
  }
  const options: Doc = {};
  for (const key of ['validator', 'validationLevel', 'validationAction'])
    if (cmd[key] !== undefined) options[key] = cmd[key];
  const collation = parseCollation(cmd.collation);
  if (collation) options.collation = collation.spec;
  if (options.validator !== undefined) checkValidator(options.validator);
  checkValidationOptions(options.validationLevel, options.validationAction);
  ctx.state.catalogue.create(ctx.db, name, options);
  return { ok: 1 };
}

function drop(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'drop', ctx.db);
  const coll = ctx.state.catalogue.drop(ctx.db, name);
  // MongoDB 7.0 answers ok for a collection that does not exist.
  if (!coll) return { ok: 1 };
  return { nIndexesWas: coll.indexes.size, ns: `${ctx.db}.${name}`, ok: 1 };
}

function dropDatabase(_cmd: Doc, ctx: CommandContext): Doc {
  ctx.state.catalogue.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
}

function renameCollection(cmd: Doc, ctx: CommandContext): Doc {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(13, 'renameCollection may only be run against the admin database.', {}, 'Unauthorized');
  const from = cmd.renameCollection;
  const to = cmd.to;
  if (typeof from !== 'string' || typeof to !== 'string' || !from.includes('.') || !to.includes('.')) {
    throw new MongoCommandError(73, `Invalid namespace specified '${String(from)}'`);
  }
  const [fromDb, fromColl] = [from.slice(0, from.indexOf('.')), from.slice(from.indexOf('.') + 1)];
  const [toDb, toColl] = [to.slice(0, to.indexOf('.')), to.slice(to.indexOf('.') + 1)];
  if (from === to) throw new MongoCommandError(20, `Can't rename a collection to itself`);
  ctx.state.catalogue.rename(fromDb, fromColl, toDb, toColl, cmd.dropTarget === true);
  return { ok: 1 };
}

function collStats(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'collStats', ctx.db);
  const coll = ctx.state.catalogue.get(ctx.db, name);
  if (!coll) throw new MongoCommandError(26, `Collection [${ctx.db}.${name}] not found.`);
  const scale = optionalNumber(cmd, 'scale') ?? 1;
  const size = coll.dataSize();
  return {
    ns: coll.ns,
    size: Math.floor(size / scale),
    count: coll.count,
    avgObjSize: coll.count ? Math.floor(size / coll.count) : 0,
    storageSize: Math.floor(size / scale),
    nindexes: coll.indexes.size,
    totalIndexSize: 0,
    totalSize: Math.floor(size / scale),
    indexSizes: Object.fromEntries([...coll.indexes.keys()].map((n) => [n, 0])),
    scaleFactor: scale,
    capped: false,
    ok: 1,
  };
}

function dbStats(cmd: Doc, ctx: CommandContext): Doc {
  const colls = ctx.state.catalogue.collections(ctx.db);
  const scale = optionalNumber(cmd, 'scale') ?? 1;
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const c of colls) {
    objects += c.count;
    dataSize += c.dataSize();
    indexes += c.indexes.size;
  }
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize: dataSize / scale,
    storageSize: dataSize / scale,
    indexes,
    indexSize: 0,
    totalSize: dataSize / scale,
    scaleFactor: scale,
    fsUsedSize: 0,
    fsTotalSize: 0,
    ok: 1,
  };
}

function listDatabases(cmd: Doc, ctx: CommandContext): Doc {
  const nameOnly = cmd.nameOnly === true;
  let totalSize = 0;
  let databases: Doc[] = [...ctx.state.catalogue.dbs.keys()].sort().map((db) => {
    const size = ctx.state.catalogue.collections(db).reduce((s, c) => s + c.dataSize(), 0);
    totalSize += size;
    return nameOnly ? { name: db } : { name: db, sizeOnDisk: size, empty: size === 0 };
  });
  const filter = optionalDoc(cmd, 'filter');
  if (filter && Object.keys(filter).length) {
    try {
      const q = new Query(filter, mingoOptions());
      databases = databases.filter((d) => q.test(d));
    } catch (err) {
      throw toCommandError(err);
    }
  }
  if (nameOnly) return { databases, ok: 1 };
  return { databases, totalSize, totalSizeMb: Math.floor(totalSize / 1024 / 1024), ok: 1 };
}

function collMod(cmd: Doc, ctx: CommandContext): Doc {
  const name = collectionArg(cmd, 'collMod', ctx.db);
  const coll = ctx.state.catalogue.get(ctx.db, name);
  if (!coll) throw new MongoCommandError(26, `ns does not exist`);
  const change = optionalDoc(cmd, 'index');
  const validation: Doc = {};
  for (const key of Object.keys(cmd)) {
    if (['collMod', 'index', 'lsid', 'comment', 'writeConcern', '$db', '$clusterTime', '$readPreference'].includes(key))
      continue;
    if (['validator', 'validationLevel', 'validationAction'].includes(key)) {
      validation[key] = cmd[key];
      continue;
    }
    throw notImplemented(`collMod option '${key}'`);
  }
  if (Object.keys(validation).length) {
    if (typeof coll.options.viewOn === 'string')
      throw new MongoCommandError(72, 'option not supported on a view: validator', {}, 'InvalidOptions');
    if (validation.validator !== undefined) checkValidator(validation.validator);
    checkValidationOptions(validation.validationLevel, validation.validationAction);
    ctx.state.catalogue.setOptions(coll, { ...coll.options, ...validation });
  }
  if (!change) return { ok: 1 };
  const index =
    typeof change.name === 'string'
      ? coll.indexes.get(change.name)
      : [...coll.indexes.values()].find(
          (i) => isPlainObject(change.keyPattern) && sameKey(i.spec.key, change.keyPattern),
        );
  if (!index) throw new MongoCommandError(27, 'cannot find index for collMod');
  const reply: Doc = {};
  const spec: IndexSpec = { ...index.spec };
  if (change.expireAfterSeconds !== undefined) {
    reply.expireAfterSeconds_old = spec.expireAfterSeconds;
    spec.expireAfterSeconds = Number(change.expireAfterSeconds);
    reply.expireAfterSeconds_new = spec.expireAfterSeconds;
  }
  if (change.hidden !== undefined) {
    reply.hidden_old = !!spec.hidden;
    spec.hidden = !!change.hidden;
    reply.hidden_new = spec.hidden;
  }
  coll.dropIndex(index.name);
  coll.addIndex(spec);
  return { ...reply, ok: 1 };
}

/** Its reply waits for the journal to reach the disk (see server.ts); there are no data files to lock. */
function fsync(cmd: Doc, ctx: CommandContext): Doc {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(13, 'fsync may only be run against the admin database.', {}, 'Unauthorized');
  if (cmd.lock) throw notImplemented('fsync with lock');
  return { numFiles: 1, ok: 1 };
}

export const adminCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  listCollections,
  create,
  drop,
  dropDatabase,
  renameCollection,
  collStats,
  dbStats,
  listDatabases,
  collMod,
  fsync,
};
