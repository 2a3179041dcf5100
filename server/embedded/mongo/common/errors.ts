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
  241: 'ConversionFailure',
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

// MongoDB 7.0 names that mingo does not know: asking for them is a request for a real feature we
// lack (NotImplemented), while any other unknown `$name` is a client mistake answered as mongod does.
const KNOWN_STAGES = new Set([
  '$addFields',
  '$bucket',
  '$bucketAuto',
  '$changeStream',
  '$changeStreamSplitLargeEvent',
  '$collStats',
  '$count',
  '$currentOp',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$group',
  '$indexStats',
  '$limit',
  '$listLocalSessions',
  '$listSampledQueries',
  '$listSearchIndexes',
  '$listSessions',
  '$lookup',
  '$match',
  '$merge',
  '$out',
  '$planCacheStats',
  '$project',
  '$redact',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$search',
  '$searchMeta',
  '$set',
  '$setWindowFields',
  '$shardedDataDistribution',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unset',
  '$unwind',
  '$vectorSearch',
]);
const KNOWN_QUERY_OPS = new Set([
  '$eq',
  '$gt',
  '$gte',
  '$in',
  '$lt',
  '$lte',
  '$ne',
  '$nin',
  '$and',
  '$not',
  '$nor',
  '$or',
  '$exists',
  '$type',
  '$expr',
  '$jsonSchema',
  '$mod',
  '$regex',
  '$options',
  '$text',
  '$where',
  '$geoIntersects',
  '$geoWithin',
  '$near',
  '$nearSphere',
  '$box',
  '$center',
  '$centerSphere',
  '$geometry',
  '$maxDistance',
  '$minDistance',
  '$polygon',
  '$all',
  '$elemMatch',
  '$size',
  '$bitsAllClear',
  '$bitsAllSet',
  '$bitsAnyClear',
  '$bitsAnySet',
  '$comment',
  '$rand',
  '$natural',
  '$sampleRate',
]);

// MongoDB 7.0's expression, accumulator and window operators: one of these that mingo lacks is a
// feature we don't have (NotImplemented); any other `$name` in an expression is a client mistake.
const KNOWN_EXPRESSION_OPS = new Set(
  `
  $abs $add $ceil $divide $exp $floor $ln $log $log10 $mod $multiply $pow $round $sqrt $subtract $trunc
  $arrayElemAt $arrayToObject $concatArrays $filter $first $firstN $in $indexOfArray $isArray $last $lastN $map
  $maxN $minN $objectToArray $range $reduce $reverseArray $size $slice $sortArray $zip $bitAnd $bitNot $bitOr
  $bitXor $and $not $or $cmp $eq $gt $gte $lt $lte $ne $cond $ifNull $switch $accumulator $function $binarySize
  $bsonSize $dateAdd $dateDiff $dateFromParts $dateFromString $dateSubtract $dateToParts $dateToString $dateTrunc
  $dayOfMonth $dayOfWeek $dayOfYear $hour $isoDayOfWeek $isoWeek $isoWeekYear $millisecond $minute $month $second
  $toDate $week $year $literal $getField $rand $sampleRate $toHashedIndexKey $mergeObjects $setField $unsetField
  $allElementsTrue $anyElementTrue $setDifference $setEquals $setIntersection $setIsSubset $setUnion $concat
  $indexOfBytes $indexOfCP $ltrim $regexFind $regexFindAll $regexMatch $replaceOne $replaceAll $rtrim $split
  $strLenBytes $strLenCP $strcasecmp $substr $substrBytes $substrCP $toLower $toString $trim $toUpper $meta
  $tsIncrement $tsSecond $sin $cos $tan $asin $acos $atan $atan2 $asinh $acosh $atanh $sinh $cosh $tanh
  $degreesToRadians $radiansToDegrees $convert $isNumber $toBool $toDecimal $toDouble $toInt $toLong $toObjectId
  $type $let $addToSet $avg $bottom $bottomN $count $max $median $min $percentile $push $stdDevPop $stdDevSamp
  $sum $top $topN $covariancePop $covarianceSamp $denseRank $derivative $documentNumber $expMovingAvg $integral
  $linearFill $locf $rank $shift
`
    .trim()
    .split(/\s+/),
);

/** A MongoDB 7.0 expression, accumulator or window operator name. */
export function isKnownExpressionOperator(name: string): boolean {
  return KNOWN_EXPRESSION_OPS.has(name);
}

// Top-level operators mongod accepts that mingo lacks; any other top-level `$name` is a client mistake.
const KNOWN_TOP_LEVEL_OPS = new Set(['$text', '$where', '$comment', '$sampleRate', '$alwaysTrue', '$alwaysFalse']);

const MODIFIER_HINT = 'Expected a valid update modifier or pipeline-style update specified as an array';

/** mingo's error messages, each mapped to the reply mongod gives for the same mistake. */
const TRANSLATIONS: Array<[RegExp, (m: RegExpMatchArray, message: string) => MongoCommandError]> = [
  [
    /^unregistered pipeline operator (\$\w+)/,
    ([, stage]) => {
      if (stage === '$changeStream')
        return new MongoCommandError(40573, 'The $changeStream stage is only supported on replica sets');
      return KNOWN_STAGES.has(stage)
        ? notImplemented(`Aggregation stage ${stage}`)
        : new MongoCommandError(40324, `Unrecognized pipeline stage name: '${stage}'`);
    },
  ],
  [
    /^unknown query operator (\$\w+)/,
    ([, op]) =>
      KNOWN_QUERY_OPS.has(op) ? notImplemented(`Query operator ${op}`) : badValue(`unknown operator: ${op}`),
  ],
  [
    /^unknown top level operator: (\$\w+)/,
    ([, op]) =>
      KNOWN_TOP_LEVEL_OPS.has(op)
        ? notImplemented(`Query operator ${op}`)
        : badValue(
            `unknown top level operator: ${op}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
          ),
  ],
  [
    /^accumulator '(\$\w+)' is not registered/,
    ([, op]) =>
      KNOWN_EXPRESSION_OPS.has(op)
        ? notImplemented(`Expression operator ${op}`)
        : new MongoCommandError(168, `Unrecognized expression '${op}'`),
  ],
  [/^Unknown update operator: '(\$\w+)'/, ([, op]) => failedToParse(`Unknown modifier: ${op}. ${MODIFIER_HINT}`)],
  [
    /^Unknown pipeline operator: '(\$\w+)'/,
    ([, op]) => new MongoCommandError(72, `${op} is not allowed to be used within an update`),
  ],
  [/would modify the immutable field '\w+'/, (_m, message) => new MongoCommandError(66, message)],
  [/would create a conflict at/, (_m, message) => new MongoCommandError(40, message)],
  [/^Dollar \(\$\) prefixed field paths/, (_m, message) => new MongoCommandError(52, message)],
  [
    /You must include the array field for '\.\$'/,
    () => new MongoCommandError(2, 'The positional operator did not find the match needed from the query.'),
  ],
  // Server-side JavaScript and JSON-schema validation are features we don't ship.
  [/^(\$\w+)(?: operator)? requires '(?:scriptEnabled|jsonSchemaValidator)'/, ([, op]) => notImplemented(op)],
];

/** Turns anything thrown while running a command into a MongoDB-shaped error. */
export function toCommandError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  for (const [pattern, translate] of TRANSLATIONS) {
    const m = message.match(pattern);
    if (m) return translate(m, message);
  }
  if (err instanceof Error && err.constructor.name === 'MingoError') return badValue(message);
  return new MongoCommandError(1, `internal error: ${message}`);
}
