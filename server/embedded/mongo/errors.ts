// MongoDB-shaped command errors. Every failure that reaches a client goes through here so that
// the driver sees the same code / codeName / errmsg a real mongod would send.

export const CODE_NAMES: Record<number, string> = {
  1: 'InternalError',
  2: 'BadValue',
  9: 'FailedToParse',
  10: 'UserNotFound',
  14: 'TypeMismatch',
  20: 'IllegalOperation',
  26: 'NamespaceNotFound',
  27: 'IndexNotFound',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  48: 'NamespaceExists',
  52: 'DollarPrefixedFieldName',
  53: 'InvalidIdField',
  59: 'CommandNotFound',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  96: 'OperationFailed',
  168: 'InvalidPipelineOperator',
  171: 'CannotIndexParallelArrays',
  238: 'NotImplemented',
  10334: 'BSONObjectTooLarge',
  11000: 'DuplicateKey',
  40324: 'UnrecognizedPipelineStage',
  40573: 'ChangeStreamNotSupported',
};

export class MongoCommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields copied into the error reply (keyPattern, keyValue, ...). */
  readonly extra: Record<string, unknown>;

  constructor(code: number, message: string, extra: Record<string, unknown> = {}, codeName?: string) {
    super(message);
    this.code = code;
    this.codeName = codeName ?? CODE_NAMES[code] ?? 'UnknownError';
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** Shape used inside `writeErrors` entries. */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export const badValue = (msg: string) => new MongoCommandError(2, msg);
export const failedToParse = (msg: string) => new MongoCommandError(9, msg);
export const typeMismatch = (msg: string) => new MongoCommandError(14, msg);
export const notImplemented = (what: string) =>
  new MongoCommandError(238, `${what} is not implemented by the embedded MongoDB-compatible server`);
export const commandNotFound = (name: string) => new MongoCommandError(59, `no such command: '${name}'`);
export const namespaceNotFound = (msg = 'ns not found') => new MongoCommandError(26, msg);

// MongoDB 7.0 names that mingo does not know: asking for them is a request for a real feature we
// lack (NotImplemented), while any other unknown `$name` is a client mistake answered as mongod does.
const KNOWN_STAGES = new Set([
  '$addFields', '$bucket', '$bucketAuto', '$changeStream', '$changeStreamSplitLargeEvent', '$collStats',
  '$count', '$currentOp', '$densify', '$documents', '$facet', '$fill', '$geoNear', '$graphLookup', '$group',
  '$indexStats', '$limit', '$listLocalSessions', '$listSampledQueries', '$listSearchIndexes', '$listSessions',
  '$lookup', '$match', '$merge', '$out', '$planCacheStats', '$project', '$redact', '$replaceRoot',
  '$replaceWith', '$sample', '$search', '$searchMeta', '$set', '$setWindowFields', '$shardedDataDistribution',
  '$skip', '$sort', '$sortByCount', '$unionWith', '$unset', '$unwind', '$vectorSearch',
]);
const KNOWN_QUERY_OPS = new Set([
  '$eq', '$gt', '$gte', '$in', '$lt', '$lte', '$ne', '$nin', '$and', '$not', '$nor', '$or', '$exists', '$type',
  '$expr', '$jsonSchema', '$mod', '$regex', '$options', '$text', '$where', '$geoIntersects', '$geoWithin',
  '$near', '$nearSphere', '$box', '$center', '$centerSphere', '$geometry', '$maxDistance', '$minDistance',
  '$polygon', '$all', '$elemMatch', '$size', '$bitsAllClear', '$bitsAllSet', '$bitsAnyClear', '$bitsAnySet',
  '$comment', '$rand', '$natural', '$sampleRate',
]);

/** Turns anything thrown while running a command into a MongoDB-shaped error. */
export function toCommandError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const isMingo = err instanceof Error && err.constructor.name === 'MingoError';
  let m: RegExpMatchArray | null;
  if ((m = message.match(/^unregistered pipeline operator (\$\w+)/))) {
    const stage = m[1];
    if (stage === '$changeStream') {
      return new MongoCommandError(40573, 'The $changeStream stage is only supported on replica sets');
    }
    return KNOWN_STAGES.has(stage)
      ? notImplemented(`Aggregation stage ${stage}`)
      : new MongoCommandError(40324, `Unrecognized pipeline stage name: '${stage}'`);
  }
  if ((m = message.match(/^unknown query operator (\$\w+)/))) {
    const op = m[1];
    return KNOWN_QUERY_OPS.has(op) ? notImplemented(`Query operator ${op}`) : badValue(`unknown operator: ${op}`);
  }
  if ((m = message.match(/^unknown top level operator: (\$\w+)/))) {
    const op = m[1];
    return KNOWN_QUERY_OPS.has(op) ? notImplemented(`Query operator ${op}`) : badValue(`unknown top level operator: ${op}`);
  }
  if ((m = message.match(/^accumulator '(\$\w+)' is not registered/))) {
    return notImplemented(`Expression operator ${m[1]}`);
  }
  if ((m = message.match(/^Unknown update operator: '(\$\w+)'/))) {
    return failedToParse(
      `Unknown modifier: ${m[1]}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  if ((m = message.match(/^Unknown pipeline operator: '(\$\w+)'/))) {
    return new MongoCommandError(
      72,
      `${m[1]} is not allowed to be used within an update`,
    );
  }
  if ((m = message.match(/would modify the immutable field '(\w+)'/))) {
    return new MongoCommandError(66, message);
  }
  if (/would create a conflict at/.test(message)) {
    return new MongoCommandError(40, message);
  }
  if (/^Dollar \(\$\) prefixed field paths/.test(message)) return new MongoCommandError(52, message);
  if (/You must include the array field for '\.\$'/.test(message)) {
    return new MongoCommandError(2, 'The positional operator did not find the match needed from the query.');
  }
  // Server-side JavaScript and JSON-schema validation are features we don't ship.
  if ((m = message.match(/^(\$\w+)(?: operator)? requires '(?:scriptEnabled|jsonSchemaValidator)'/))) {
    return notImplemented(`${m[1]}`);
  }
  if (isMingo) return badValue(message);
  return new MongoCommandError(1, `internal error: ${message}`);
}
