// Read-only views: a catalogue entry whose options hold `viewOn` and `pipeline`. Reads on a view run
// as an aggregate on the underlying collection with the view's pipeline first (views on views
// resolved down to a collection); writes to one are refused as mongod refuses them.
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';
import type { CommandContext } from './state.js';

export interface ResolvedView {
  /** The collection the view (chain) finally reads. */
  source: string;
  pipeline: Doc[];
  collation?: Doc;
}

export function isView(ctx: CommandContext, db: string, name: string): boolean {
  return typeof ctx.state.catalogue.get(db, name)?.options.viewOn === 'string';
}

export function resolveView(ctx: CommandContext, name: string): ResolvedView | undefined {
  let options = ctx.state.catalogue.get(ctx.db, name)?.options;
  if (typeof options?.viewOn !== 'string') return undefined;
  const collation = isPlainObject(options.collation) ? options.collation : undefined;
  let pipeline: Doc[] = [];
  let source = name;
  for (let depth = 0; typeof options?.viewOn === 'string'; depth++) {
    if (depth > 20)
      throw new MongoCommandError(
        165,
        'View depth too deep or view cycle detected; maximum depth is 20',
        {},
        'ViewDepthLimitExceeded',
      );
    pipeline = [...((options.pipeline as Doc[] | undefined) ?? []), ...pipeline];
    source = options.viewOn;
    options = ctx.state.catalogue.get(ctx.db, source)?.options;
  }
  return { source, pipeline, collation };
}

export function notOnView(db: string, name: string): MongoCommandError {
  return new MongoCommandError(
    166,
    `Namespace ${db}.${name} is a view, not a collection`,
    {},
    'CommandNotSupportedOnView',
  );
}

/** `create` with `viewOn`: the stored options, after the checks mongod makes. */
export function viewOptions(cmd: Doc): Doc {
  if (typeof cmd.viewOn !== 'string' || cmd.viewOn === '') {
    throw new MongoCommandError(14, "BSON field 'create.viewOn' is the wrong type, expected type 'string'");
  }
  const pipeline = cmd.pipeline ?? [];
  if (!Array.isArray(pipeline) || !pipeline.every((s) => isPlainObject(s) && Object.keys(s).length === 1)) {
    throw new MongoCommandError(14, "BSON field 'create.pipeline' is the wrong type, expected type 'array'");
  }
  for (const stage of pipeline as Doc[]) {
    const [name] = Object.keys(stage);
    if (name === '$out' || name === '$merge') {
      throw new MongoCommandError(9, `${name} cannot be used in a view definition`);
    }
  }
  for (const option of [
    'capped',
    'size',
    'max',
    'validator',
    'validationLevel',
    'validationAction',
    'timeseries',
    'clusteredIndex',
  ]) {
    if (cmd[option] !== undefined) {
      throw new MongoCommandError(72, `Invalid option for a view: ${option}`, {}, 'InvalidOptions');
    }
  }
  const options: Doc = { viewOn: cmd.viewOn, pipeline };
  if (cmd.collation !== undefined) options.collation = cmd.collation;
  return options;
}

/** Commands that write to their namespace, and the field naming it. */
const WRITES: Record<string, string> = {
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  findAndModify: 'findAndModify',
  findandmodify: 'findandmodify',
  createIndexes: 'createIndexes',
  dropIndexes: 'dropIndexes',
  deleteIndexes: 'deleteIndexes',
};

export function refuseWriteToView(name: string, cmd: Doc, ctx: CommandContext): void {
  const field = WRITES[name];
  if (field && typeof cmd[field] === 'string' && isView(ctx, ctx.db, cmd[field])) throw notOnView(ctx.db, cmd[field]);
}
