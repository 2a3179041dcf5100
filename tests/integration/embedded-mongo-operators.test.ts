// Conformance sweep over MongoDB 7.0's documented operators: every query, projection, update and aggregation
// operator and stage is either answered with the value MongoDB gives (checked here by hand for each) or refused
// with NotImplemented (238) naming it — never another error and never a different value. Driver only; against
// a real MongoDB every operator must answer the value (238 is the embedded server's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal128, MongoServerError, ObjectId, Timestamp, type Collection, type Db, type Document } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;
let one: Collection;
let three: Collection;

const D = new Date('2024-03-10T12:34:56.789Z');

beforeAll(async () => {
  t = await openTestDb('conf_ops');
  db = t.db;
  one = db.collection('one');
  await one.insertOne({
    _id: 1 as never,
    a: 5,
    b: 2,
    s: 'Hello',
    arr: [3, 1, 2],
    d: D,
    o: { x: 1 },
    ts: new Timestamp({ t: 100, i: 7 }),
  });
  three = db.collection('three');
  await three.insertMany([1, 2, 3].map((a) => ({ _id: a as never, a, o: { x: a } })));
});
afterAll(async () => t.close());

type Check = unknown | ((v: unknown) => boolean);

/** The operator's answer, or the error it was refused with. */
async function outcome(run: () => Promise<unknown>): Promise<{ value?: unknown; error?: MongoServerError }> {
  try {
    return { value: await run() };
  } catch (error) {
    return { error: error as MongoServerError };
  }
}

/** Either the expected value, or (embedded only) 238 naming the operator; anything else is a failure line. */
async function sweep(
  cases: Array<[string, () => Promise<unknown>, Check]>,
): Promise<{ refused: string[]; failures: string[] }> {
  const refused: string[] = [];
  const failures: string[] = [];
  for (const [name, run, expected] of cases) {
    const { value, error } = await outcome(run);
    if (error) {
      if (t.kind === 'embedded' && error.code === 238 && error.message.includes(name)) refused.push(name);
      else failures.push(`${name}: error ${error.code} ${error.message}`);
      continue;
    }
    const ok =
      typeof expected === 'function'
        ? (expected as (v: unknown) => boolean)(value)
        : JSON.stringify(value) === JSON.stringify(expected);
    if (!ok)
      failures.push(
        `${name}: answered ${JSON.stringify(value)}, expected ${typeof expected === 'function' ? 'a check' : JSON.stringify(expected)}`,
      );
  }
  return { refused, failures };
}

const project = (expr: Document) => async () =>
  (await one.aggregate([{ $project: { _id: 0, v: expr } }]).toArray())[0].v as unknown;
const near = (x: number) => (v: unknown) => typeof v === 'number' && Math.abs(v - x) < 1e-9;
const sameSet = (xs: unknown[]) => (v: unknown) =>
  Array.isArray(v) && JSON.stringify([...v].sort()) === JSON.stringify([...xs].sort());

const EXPRESSIONS: Array<[string, Document, Check]> = [
  // arithmetic
  ['$abs', { $abs: -5 }, 5],
  ['$add', { $add: ['$a', '$b'] }, 7],
  ['$ceil', { $ceil: 1.2 }, 2],
  ['$divide', { $divide: [10, 4] }, 2.5],
  ['$exp', { $exp: 0 }, 1],
  ['$floor', { $floor: 1.8 }, 1],
  ['$ln', { $ln: 1 }, 0],
  ['$log', { $log: [8, 2] }, near(3)],
  ['$log10', { $log10: 100 }, 2],
  ['$mod', { $mod: [7, 3] }, 1],
  ['$multiply', { $multiply: [2, 3] }, 6],
  ['$pow', { $pow: [2, 10] }, 1024],
  ['$round', { $round: [2.567, 1] }, 2.6],
  ['$sqrt', { $sqrt: 16 }, 4],
  ['$subtract', { $subtract: [5, 2] }, 3],
  ['$trunc', { $trunc: [2.567, 1] }, 2.5],
  // array
  ['$arrayElemAt', { $arrayElemAt: ['$arr', 1] }, 1],
  ['$arrayToObject', { $arrayToObject: [[['k', 1]]] }, { k: 1 }],
  ['$concatArrays', { $concatArrays: [[1], [2]] }, [1, 2]],
  ['$filter', { $filter: { input: '$arr', cond: { $gt: ['$$this', 1] } } }, [3, 2]],
  ['$first', { $first: '$arr' }, 3],
  ['$firstN', { $firstN: { n: 2, input: '$arr' } }, [3, 1]],
  ['$in', { $in: [2, '$arr'] }, true],
  ['$indexOfArray', { $indexOfArray: ['$arr', 2] }, 2],
  ['$isArray', { $isArray: ['$arr'] }, true],
  ['$last', { $last: '$arr' }, 2],
  ['$lastN', { $lastN: { n: 2, input: '$arr' } }, [1, 2]],
  ['$map', { $map: { input: '$arr', in: { $multiply: ['$$this', 2] } } }, [6, 2, 4]],
  ['$maxN', { $maxN: { n: 2, input: '$arr' } }, [3, 2]],
  ['$minN', { $minN: { n: 2, input: '$arr' } }, [1, 2]],
  ['$objectToArray', { $objectToArray: '$o' }, [{ k: 'x', v: 1 }]],
  ['$range', { $range: [0, 3] }, [0, 1, 2]],
  ['$reduce', { $reduce: { input: '$arr', initialValue: 0, in: { $add: ['$$value', '$$this'] } } }, 6],
  ['$reverseArray', { $reverseArray: '$arr' }, [2, 1, 3]],
  ['$size', { $size: '$arr' }, 3],
  ['$slice', { $slice: ['$arr', 2] }, [3, 1]],
  ['$sortArray', { $sortArray: { input: '$arr', sortBy: 1 } }, [1, 2, 3]],
  [
    '$zip',
    {
      $zip: {
        inputs: [
          [1, 2],
          [3, 4],
        ],
      },
    },
    [
      [1, 3],
      [2, 4],
    ],
  ],
  // bitwise (6.3+)
  ['$bitAnd', { $bitAnd: [12, 10] }, 8],
  ['$bitOr', { $bitOr: [12, 10] }, 14],
  ['$bitXor', { $bitXor: [12, 10] }, 6],
  ['$bitNot', { $bitNot: 0 }, -1],
  // boolean, comparison, conditional
  ['$and', { $and: [true, false] }, false],
  ['$not', { $not: [false] }, true],
  ['$or', { $or: [false, true] }, true],
  ['$cmp', { $cmp: [1, 2] }, -1],
  ['$eq', { $eq: [1, 1] }, true],
  ['$gt', { $gt: [2, 1] }, true],
  ['$gte', { $gte: [1, 1] }, true],
  ['$lt', { $lt: [1, 2] }, true],
  ['$lte', { $lte: [2, 1] }, false],
  ['$ne', { $ne: [1, 2] }, true],
  ['$cond', { $cond: [true, 'y', 'n'] }, 'y'],
  ['$ifNull', { $ifNull: [null, 'd'] }, 'd'],
  ['$switch', { $switch: { branches: [{ case: false, then: 1 }], default: 2 } }, 2],
  // custom, data size
  ['$function', { $function: { body: 'function() { return 1; }', args: [], lang: 'js' } }, 1],
  ['$binarySize', { $binarySize: 'abc' }, 3],
  ['$bsonSize', { $bsonSize: '$o' }, 12],
  // date
  ['$dateAdd', { $dateAdd: { startDate: '$d', unit: 'day', amount: 1 } }, new Date('2024-03-11T12:34:56.789Z')],
  [
    '$dateDiff',
    { $dateDiff: { startDate: '$d', endDate: { $literal: new Date('2024-03-12T00:00:00Z') }, unit: 'day' } },
    2,
  ],
  ['$dateFromParts', { $dateFromParts: { year: 2024, month: 2, day: 29 } }, new Date('2024-02-29T00:00:00Z')],
  ['$dateFromString', { $dateFromString: { dateString: '2024-03-10T01:02:03Z' } }, new Date('2024-03-10T01:02:03Z')],
  [
    '$dateSubtract',
    { $dateSubtract: { startDate: '$d', unit: 'hour', amount: 1 } },
    new Date('2024-03-10T11:34:56.789Z'),
  ],
  [
    '$dateToParts',
    { $dateToParts: { date: '$d' } },
    { year: 2024, month: 3, day: 10, hour: 12, minute: 34, second: 56, millisecond: 789 },
  ],
  ['$dateToString', { $dateToString: { date: '$d', format: '%Y-%m-%d' } }, '2024-03-10'],
  ['$dateTrunc', { $dateTrunc: { date: '$d', unit: 'hour' } }, new Date('2024-03-10T12:00:00Z')],
  ['$dayOfMonth', { $dayOfMonth: '$d' }, 10],
  ['$dayOfWeek', { $dayOfWeek: '$d' }, 1],
  ['$dayOfYear', { $dayOfYear: '$d' }, 70],
  ['$hour', { $hour: '$d' }, 12],
  ['$isoDayOfWeek', { $isoDayOfWeek: '$d' }, 7],
  ['$isoWeek', { $isoWeek: '$d' }, 10],
  ['$isoWeekYear', { $isoWeekYear: '$d' }, 2024],
  ['$millisecond', { $millisecond: '$d' }, 789],
  ['$minute', { $minute: '$d' }, 34],
  ['$month', { $month: '$d' }, 3],
  ['$second', { $second: '$d' }, 56],
  ['$toDate', { $toDate: 0 }, new Date(0)],
  ['$week', { $week: '$d' }, 10],
  ['$year', { $year: '$d' }, 2024],
  // literal, miscellaneous, object
  ['$literal', { $literal: '$x' }, '$x'],
  ['$getField', { $getField: 'a' }, 5],
  ['$rand', { $rand: {} }, (v: unknown) => typeof v === 'number' && v >= 0 && v < 1],
  ['$toHashedIndexKey', { $toHashedIndexKey: 'x' }, (v: unknown) => typeof v === 'number'],
  ['$mergeObjects', { $mergeObjects: ['$o', { y: 2 }] }, { x: 1, y: 2 }],
  ['$setField', { $setField: { field: 'y', input: '$o', value: 2 } }, { x: 1, y: 2 }],
  ['$unsetField', { $unsetField: { field: 'x', input: '$o' } }, {}],
  // set
  ['$allElementsTrue', { $allElementsTrue: [[true, 1]] }, true],
  ['$anyElementTrue', { $anyElementTrue: [[false, 0]] }, false],
  ['$setDifference', { $setDifference: [[1, 2], [2]] }, [1]],
  [
    '$setEquals',
    {
      $setEquals: [
        [1, 2],
        [2, 1],
      ],
    },
    true,
  ],
  [
    '$setIntersection',
    {
      $setIntersection: [
        [1, 2],
        [2, 3],
      ],
    },
    [2],
  ],
  ['$setIsSubset', { $setIsSubset: [[1], [1, 2]] }, true],
  ['$setUnion', { $setUnion: [[1], [2]] }, sameSet([1, 2])],
  // string
  ['$concat', { $concat: ['a', 'b'] }, 'ab'],
  ['$indexOfBytes', { $indexOfBytes: ['Hello', 'l'] }, 2],
  ['$indexOfCP', { $indexOfCP: ['Hello', 'l'] }, 2],
  ['$ltrim', { $ltrim: { input: '  a' } }, 'a'],
  ['$rtrim', { $rtrim: { input: 'a  ' } }, 'a'],
  ['$trim', { $trim: { input: ' a ' } }, 'a'],
  ['$regexFind', { $regexFind: { input: 'Hello', regex: 'l+' } }, { match: 'll', idx: 2, captures: [] }],
  [
    '$regexFindAll',
    { $regexFindAll: { input: 'a1b2', regex: '[0-9]' } },
    [
      { match: '1', idx: 1, captures: [] },
      { match: '2', idx: 3, captures: [] },
    ],
  ],
  ['$regexMatch', { $regexMatch: { input: 'Hello', regex: '^H' } }, true],
  ['$replaceOne', { $replaceOne: { input: 'aXa', find: 'a', replacement: 'b' } }, 'bXa'],
  ['$replaceAll', { $replaceAll: { input: 'aXa', find: 'a', replacement: 'b' } }, 'bXb'],
  ['$split', { $split: ['a,b', ','] }, ['a', 'b']],
  ['$strLenBytes', { $strLenBytes: 'é' }, 2],
  ['$strLenCP', { $strLenCP: 'é' }, 1],
  ['$strcasecmp', { $strcasecmp: ['a', 'A'] }, 0],
  ['$substr', { $substr: ['Hello', 1, 2] }, 'el'],
  ['$substrBytes', { $substrBytes: ['Hello', 1, 2] }, 'el'],
  ['$substrCP', { $substrCP: ['Hello', 1, 2] }, 'el'],
  ['$toLower', { $toLower: 'AB' }, 'ab'],
  ['$toUpper', { $toUpper: 'ab' }, 'AB'],
  ['$toString', { $toString: 5 }, '5'],
  // text, timestamp
  ['$meta', { $meta: 'textScore' }, (v: unknown) => typeof v === 'number'],
  ['$tsIncrement', { $tsIncrement: '$ts' }, 7],
  ['$tsSecond', { $tsSecond: '$ts' }, 100],
  // trigonometry
  ['$sin', { $sin: 0 }, 0],
  ['$cos', { $cos: 0 }, 1],
  ['$tan', { $tan: 0 }, 0],
  ['$asin', { $asin: 0 }, 0],
  ['$acos', { $acos: 1 }, 0],
  ['$atan', { $atan: 0 }, 0],
  ['$atan2', { $atan2: [0, 1] }, 0],
  ['$asinh', { $asinh: 0 }, 0],
  ['$acosh', { $acosh: 1 }, 0],
  ['$atanh', { $atanh: 0 }, 0],
  ['$sinh', { $sinh: 0 }, 0],
  ['$cosh', { $cosh: 0 }, 1],
  ['$tanh', { $tanh: 0 }, 0],
  ['$degreesToRadians', { $degreesToRadians: 180 }, near(Math.PI)],
  ['$radiansToDegrees', { $radiansToDegrees: Math.PI }, near(180)],
  // type
  ['$convert', { $convert: { input: '5', to: 'int' } }, 5],
  ['$isNumber', { $isNumber: 5 }, true],
  ['$toBool', { $toBool: 1 }, true],
  ['$toDecimal', { $toDecimal: 1 }, (v: unknown) => v instanceof Decimal128 && v.toString() === '1'],
  ['$toDouble', { $toDouble: '2.5' }, 2.5],
  ['$toInt', { $toInt: '7' }, 7],
  ['$toLong', { $toLong: '7' }, 7],
  [
    '$toObjectId',
    { $toObjectId: '5ab9cbfa31c2ab715d42129e' },
    (v: unknown) => v instanceof ObjectId && v.toHexString() === '5ab9cbfa31c2ab715d42129e',
  ],
  ['$type', { $type: '$a' }, 'int'],
  // variables; accumulators usable as expressions
  ['$let', { $let: { vars: { x: 2 }, in: { $multiply: ['$$x', 3] } } }, 6],
  ['$avg', { $avg: [1, 2, 3] }, 2],
  ['$max', { $max: [1, 3] }, 3],
  ['$min', { $min: [1, 3] }, 1],
  ['$sum', { $sum: [1, 2] }, 3],
  ['$stdDevPop', { $stdDevPop: [1, 3] }, 1],
  ['$stdDevSamp', { $stdDevSamp: [1, 3] }, near(Math.SQRT2)],
  ['$median', { $median: { input: [1, 2, 3], method: 'approximate' } }, 2],
  ['$percentile', { $percentile: { input: [1, 2, 3], p: [0.5], method: 'approximate' } }, [2]],
];

const group = (acc: Document) => async () =>
  (await three.aggregate([{ $sort: { a: 1 } }, { $group: { _id: null, v: acc } }]).toArray())[0].v as unknown;

const ACCUMULATORS: Array<[string, Document, Check]> = [
  ['$addToSet', { $addToSet: '$a' }, sameSet([1, 2, 3])],
  ['$avg', { $avg: '$a' }, 2],
  ['$bottom', { $bottom: { sortBy: { a: 1 }, output: '$a' } }, 3],
  ['$bottomN', { $bottomN: { n: 2, sortBy: { a: 1 }, output: '$a' } }, [2, 3]],
  ['$count', { $count: {} }, 3],
  ['$first', { $first: '$a' }, 1],
  ['$firstN', { $firstN: { n: 2, input: '$a' } }, [1, 2]],
  ['$last', { $last: '$a' }, 3],
  ['$lastN', { $lastN: { n: 2, input: '$a' } }, [2, 3]],
  ['$max', { $max: '$a' }, 3],
  ['$maxN', { $maxN: { n: 2, input: '$a' } }, [3, 2]],
  ['$median', { $median: { input: '$a', method: 'approximate' } }, 2],
  ['$mergeObjects', { $mergeObjects: '$o' }, { x: 3 }],
  ['$min', { $min: '$a' }, 1],
  ['$minN', { $minN: { n: 2, input: '$a' } }, [1, 2]],
  ['$percentile', { $percentile: { input: '$a', p: [0.5], method: 'approximate' } }, [2]],
  ['$push', { $push: '$a' }, [1, 2, 3]],
  ['$stdDevPop', { $stdDevPop: '$a' }, near(Math.sqrt(2 / 3))],
  ['$stdDevSamp', { $stdDevSamp: '$a' }, 1],
  ['$sum', { $sum: '$a' }, 6],
  ['$top', { $top: { sortBy: { a: -1 }, output: '$a' } }, 3],
  ['$topN', { $topN: { n: 2, sortBy: { a: -1 }, output: '$a' } }, [3, 2]],
  [
    '$accumulator',
    {
      $accumulator: {
        init: 'function() { return 0; }',
        accumulate: 'function(s, a) { return s + a; }',
        accumulateArgs: ['$a'],
        merge: 'function(x, y) { return x + y; }',
        lang: 'js',
      },
    },
    6,
  ],
];

const ids = (filter: Document) => async () =>
  (
    await three
      .find(filter, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray()
  ).map((d) => d._id as unknown);

const QUERY: Array<[string, Document, Check]> = [
  ['$eq', { a: { $eq: 2 } }, [2]],
  ['$gt', { a: { $gt: 2 } }, [3]],
  ['$gte', { a: { $gte: 2 } }, [2, 3]],
  ['$in', { a: { $in: [1, 3] } }, [1, 3]],
  ['$lt', { a: { $lt: 2 } }, [1]],
  ['$lte', { a: { $lte: 2 } }, [1, 2]],
  ['$ne', { a: { $ne: 2 } }, [1, 3]],
  ['$nin', { a: { $nin: [1, 3] } }, [2]],
  ['$and', { $and: [{ a: { $gt: 1 } }, { a: { $lt: 3 } }] }, [2]],
  ['$not', { a: { $not: { $gt: 1 } } }, [1]],
  ['$nor', { $nor: [{ a: 1 }, { a: 2 }] }, [3]],
  ['$or', { $or: [{ a: 1 }, { a: 3 }] }, [1, 3]],
  ['$exists', { 'o.x': { $exists: true } }, [1, 2, 3]],
  ['$type', { a: { $type: 'int' } }, [1, 2, 3]],
  ['$expr', { $expr: { $gt: ['$a', 2] } }, [3]],
  ['$jsonSchema', { $jsonSchema: { properties: { a: { minimum: 2 } } } }, [2, 3]],
  ['$mod', { a: { $mod: [2, 1] } }, [1, 3]],
  ['$regex', { _id: { $exists: true }, s: { $regex: '^x' } }, []],
  ['$text', { $text: { $search: 'x' } }, []],
  ['$where', { $where: 'this.a > 2' }, [3]],
  ['$geoIntersects', { loc: { $geoIntersects: { $geometry: { type: 'Point', coordinates: [0, 0] } } } }, []],
  ['$geoWithin', { loc: { $geoWithin: { $centerSphere: [[0, 0], 1] } } }, []],
  ['$near', { loc: { $near: [0, 0] } }, []],
  ['$nearSphere', { loc: { $nearSphere: [0, 0] } }, []],
  ['$all', { a: { $all: [2] } }, [2]],
  ['$elemMatch', { o: { $elemMatch: { x: 1 } } }, []],
  ['$size', { o: { $size: 1 } }, []],
  ['$bitsAllClear', { a: { $bitsAllClear: 1 } }, [2]],
  ['$bitsAllSet', { a: { $bitsAllSet: 3 } }, [3]],
  ['$bitsAnyClear', { a: { $bitsAnyClear: 3 } }, [1, 2]],
  ['$bitsAnySet', { a: { $bitsAnySet: 2 } }, [2, 3]],
  ['$comment', { a: 1, $comment: 'why' }, [1]],
  ['$sampleRate', { $sampleRate: 1 }, [1, 2, 3]],
];

let nextId = 100;

/** The document an update leaves, starting from {a: 5, arr: [1, 2, 3], o: {x: 1}}. */
const updated =
  (update: Document, options: { filter?: Document; arrayFilters?: Document[]; upsert?: boolean } = {}) =>
  async () => {
    const _id = nextId++;
    const c = db.collection('updates');
    if (!options.upsert) await c.insertOne({ _id: _id as never, a: 5, arr: [1, 2, 3], o: { x: 1 } });
    await c.updateOne({ _id: _id as never, ...options.filter }, update, {
      arrayFilters: options.arrayFilters,
      upsert: options.upsert,
    });
    const { _id: _drop, ...rest } = (await c.findOne({ _id: _id as never }))!;
    return rest;
  };

const UPDATES: Array<[string, () => Promise<unknown>, Check]> = [
  ['$currentDate', updated({ $currentDate: { c: true } }), (v: unknown) => (v as Document).c instanceof Date],
  ['$inc', updated({ $inc: { a: 1 } }), { a: 6, arr: [1, 2, 3], o: { x: 1 } }],
  ['$min', updated({ $min: { a: 3 } }), { a: 3, arr: [1, 2, 3], o: { x: 1 } }],
  ['$max', updated({ $max: { a: 9 } }), { a: 9, arr: [1, 2, 3], o: { x: 1 } }],
  ['$mul', updated({ $mul: { a: 2 } }), { a: 10, arr: [1, 2, 3], o: { x: 1 } }],
  ['$rename', updated({ $rename: { a: 'b' } }), { arr: [1, 2, 3], o: { x: 1 }, b: 5 }],
  ['$set', updated({ $set: { 'o.y': 2 } }), { a: 5, arr: [1, 2, 3], o: { x: 1, y: 2 } }],
  ['$setOnInsert', updated({ $set: { a: 1 }, $setOnInsert: { b: 2 } }, { upsert: true }), { a: 1, b: 2 }],
  ['$unset', updated({ $unset: { a: '' } }), { arr: [1, 2, 3], o: { x: 1 } }],
  ['$', updated({ $set: { 'arr.$': 20 } }, { filter: { arr: 2 } }), { a: 5, arr: [1, 20, 3], o: { x: 1 } }],
  ['$[]', updated({ $inc: { 'arr.$[]': 1 } }), { a: 5, arr: [2, 3, 4], o: { x: 1 } }],
  [
    '$[<identifier>]',
    updated({ $set: { 'arr.$[e]': 0 } }, { arrayFilters: [{ e: { $gt: 1 } }] }),
    { a: 5, arr: [1, 0, 0], o: { x: 1 } },
  ],
  ['$addToSet', updated({ $addToSet: { arr: { $each: [2, 4] } } }), { a: 5, arr: [1, 2, 3, 4], o: { x: 1 } }],
  ['$pop', updated({ $pop: { arr: 1 } }), { a: 5, arr: [1, 2], o: { x: 1 } }],
  ['$pull', updated({ $pull: { arr: { $gt: 1 } } }), { a: 5, arr: [1], o: { x: 1 } }],
  ['$push', updated({ $push: { arr: 4 } }), { a: 5, arr: [1, 2, 3, 4], o: { x: 1 } }],
  ['$pullAll', updated({ $pullAll: { arr: [1, 3] } }), { a: 5, arr: [2], o: { x: 1 } }],
  ['$position', updated({ $push: { arr: { $each: [0], $position: 0 } } }), { a: 5, arr: [0, 1, 2, 3], o: { x: 1 } }],
  ['$slice', updated({ $push: { arr: { $each: [4], $slice: 2 } } }), { a: 5, arr: [1, 2], o: { x: 1 } }],
  ['$sort', updated({ $push: { arr: { $each: [0], $sort: -1 } } }), { a: 5, arr: [3, 2, 1, 0], o: { x: 1 } }],
  ['$bit', updated({ $bit: { a: { and: 4 } } }), { a: 4, arr: [1, 2, 3], o: { x: 1 } }],
];

const agg =
  (pipeline: Document[], on: 'three' | 'db' | 'admin' = 'three') =>
  async () => {
    if (on === 'three') return three.aggregate(pipeline).toArray();
    return (on === 'db' ? db : t.client.db('admin')).aggregate(pipeline).toArray();
  };
const countIs = (n: number) => (v: unknown) => JSON.stringify(v) === JSON.stringify([{ n }]);

const STAGES: Array<[string, () => Promise<unknown>, Check]> = [
  ['$addFields', agg([{ $match: { _id: 1 } }, { $addFields: { b: 1 } }]), [{ _id: 1, a: 1, o: { x: 1 }, b: 1 }]],
  [
    '$bucket',
    agg([{ $bucket: { groupBy: '$a', boundaries: [0, 2, 4] } }]),
    [
      { _id: 0, count: 1 },
      { _id: 2, count: 2 },
    ],
  ],
  ['$bucketAuto', agg([{ $bucketAuto: { groupBy: '$a', buckets: 1 } }]), [{ _id: { min: 1, max: 3 }, count: 3 }]],
  ['$collStats', agg([{ $collStats: { count: {} } }]), (v: unknown) => (v as Document[])[0]?.count === 3],
  ['$count', agg([{ $count: 'n' }]), countIs(3)],
  ['$currentOp', agg([{ $currentOp: {} }], 'admin'), (v: unknown) => Array.isArray(v)],
  ['$densify', agg([{ $densify: { field: 'a', range: { step: 1, bounds: [0, 4] } } }, { $count: 'n' }]), countIs(4)],
  ['$documents', agg([{ $documents: [{ x: 1 }] }], 'db'), [{ x: 1 }]],
  ['$facet', agg([{ $facet: { n: [{ $count: 'n' }] } }]), [{ n: [{ n: 3 }] }]],
  [
    '$fill',
    agg([{ $fill: { output: { b: { value: 0 } } } }, { $project: { _id: 0, b: 1 } }]),
    [{ b: 0 }, { b: 0 }, { b: 0 }],
  ],
  ['$geoNear', agg([{ $geoNear: { near: [0, 0], distanceField: 'd' } }]), []],
  [
    '$graphLookup',
    agg([
      { $match: { _id: 2 } },
      { $graphLookup: { from: 'three', startWith: '$a', connectFromField: 'a', connectToField: '_id', as: 'g' } },
      { $project: { n: { $size: '$g' } } },
    ]),
    [{ _id: 2, n: 1 }],
  ],
  ['$group', agg([{ $group: { _id: null, n: { $sum: 1 } } }]), [{ _id: null, n: 3 }]],
  ['$indexStats', agg([{ $indexStats: {} }]), (v: unknown) => Array.isArray(v)],
  ['$limit', agg([{ $sort: { _id: 1 } }, { $limit: 1 }, { $project: { _id: 1 } }]), [{ _id: 1 }]],
  ['$listSampledQueries', agg([{ $listSampledQueries: {} }], 'admin'), (v: unknown) => Array.isArray(v)],
  ['$listSearchIndexes', agg([{ $listSearchIndexes: {} }]), (v: unknown) => Array.isArray(v)],
  ['$listSessions', agg([{ $listSessions: {} }], 'db'), (v: unknown) => Array.isArray(v)],
  [
    '$lookup',
    agg([
      { $match: { _id: 1 } },
      { $lookup: { from: 'three', localField: 'a', foreignField: '_id', as: 'j' } },
      { $project: { n: { $size: '$j' } } },
    ]),
    [{ _id: 1, n: 1 }],
  ],
  ['$match', agg([{ $match: { a: 2 } }, { $project: { _id: 1 } }]), [{ _id: 2 }]],
  ['$merge', agg([{ $match: { _id: 1 } }, { $merge: { into: 'merged' } }]), []],
  ['$out', agg([{ $match: { _id: 1 } }, { $out: 'copied' }]), []],
  ['$planCacheStats', agg([{ $planCacheStats: {} }]), (v: unknown) => Array.isArray(v)],
  ['$project', agg([{ $match: { _id: 1 } }, { $project: { a: 1 } }]), [{ _id: 1, a: 1 }]],
  ['$redact', agg([{ $redact: '$$KEEP' }, { $count: 'n' }]), countIs(3)],
  ['$replaceRoot', agg([{ $match: { _id: 1 } }, { $replaceRoot: { newRoot: '$o' } }]), [{ x: 1 }]],
  ['$replaceWith', agg([{ $match: { _id: 1 } }, { $replaceWith: '$o' }]), [{ x: 1 }]],
  ['$sample', agg([{ $sample: { size: 2 } }, { $count: 'n' }]), countIs(2)],
  ['$search', agg([{ $search: { text: { query: 'x', path: 'a' } } }]), []],
  ['$searchMeta', agg([{ $searchMeta: { text: { query: 'x', path: 'a' } } }]), []],
  ['$set', agg([{ $match: { _id: 1 } }, { $set: { b: 1 } }, { $project: { _id: 0, b: 1 } }]), [{ b: 1 }]],
  [
    '$setWindowFields',
    agg([
      {
        $setWindowFields: {
          sortBy: { a: 1 },
          output: { r: { $sum: '$a', window: { documents: ['unbounded', 'current'] } } },
        },
      },
      { $project: { _id: 0, r: 1 } },
    ]),
    [{ r: 1 }, { r: 3 }, { r: 6 }],
  ],
  [
    '$rank',
    agg([{ $setWindowFields: { sortBy: { a: -1 }, output: { r: { $rank: {} } } } }, { $project: { _id: 0, r: 1 } }]),
    [{ r: 1 }, { r: 2 }, { r: 3 }],
  ],
  ['$shardedDataDistribution', agg([{ $shardedDataDistribution: {} }], 'admin'), (v: unknown) => Array.isArray(v)],
  ['$skip', agg([{ $sort: { _id: 1 } }, { $skip: 2 }, { $project: { _id: 1 } }]), [{ _id: 3 }]],
  ['$sort', agg([{ $sort: { a: -1 } }, { $project: { _id: 1 } }]), [{ _id: 3 }, { _id: 2 }, { _id: 1 }]],
  ['$sortByCount', agg([{ $sortByCount: '$o.x' }, { $count: 'n' }]), countIs(3)],
  ['$unionWith', agg([{ $unionWith: 'three' }, { $count: 'n' }]), countIs(6)],
  ['$unset', agg([{ $match: { _id: 1 } }, { $unset: ['a', 'o'] }]), [{ _id: 1 }]],
  [
    '$unwind',
    agg([{ $match: { _id: 1 } }, { $project: { x: [1, 2] } }, { $unwind: '$x' }, { $count: 'n' }]),
    countIs(2),
  ],
  [
    '$vectorSearch',
    agg([{ $vectorSearch: { index: 'v', path: 'e', queryVector: [1], numCandidates: 1, limit: 1 } }]),
    [],
  ],
];

/** A refusal MongoDB 7.0 gives for a find projection: its code and (a part of) its errmsg. */
const refusal = (code: number, message: string) => ({ refusal: { code, message } });
type ProjectionCheck = Check | ReturnType<typeof refusal>;

const PROJ_DOC = {
  _id: 1,
  a: 5,
  b: { c: 1, d: 2 },
  arr: [1, 2, 3, 4, 5],
  docs: [
    { x: 1, y: 1 },
    { x: 2, y: 2 },
    { x: 3, y: 3 },
  ],
  s: 'Hi',
};
const REST = { b: PROJ_DOC.b, arr: PROJ_DOC.arr, docs: PROJ_DOC.docs, s: 'Hi' };

/** find projections: [name (the operator when there is one), filter, projection, expected document or refusal] */
const PROJECTIONS: Array<[string, Document, Document, ProjectionCheck]> = [
  ['inclusion', {}, { a: 1 }, { _id: 1, a: 5 }],
  ['inclusion without _id', {}, { a: 1, _id: 0 }, { a: 5 }],
  ['inclusion with true', {}, { s: true, a: true }, { _id: 1, a: 5, s: 'Hi' }],
  ['exclusion', {}, { a: 0, docs: false }, { _id: 1, b: PROJ_DOC.b, arr: PROJ_DOC.arr, s: 'Hi' }],
  ['_id exclusion alone', {}, { _id: 0 }, { a: 5, ...REST }],
  ['_id inclusion alone', {}, { _id: 1 }, { _id: 1 }],
  ['_id inclusion in an exclusion', {}, { _id: 1, a: 0 }, { _id: 1, ...REST }],
  ['dotted inclusion', {}, { 'b.c': 1 }, { _id: 1, b: { c: 1 } }],
  [
    'dotted exclusion',
    {},
    { 'b.c': 0 },
    { _id: 1, a: 5, b: { d: 2 }, arr: PROJ_DOC.arr, docs: PROJ_DOC.docs, s: 'Hi' },
  ],
  ['nested form', {}, { b: { d: 1 } }, { _id: 1, b: { d: 2 } }],
  [
    'dotted inclusion into an array of documents',
    {},
    { 'docs.x': 1, _id: 0 },
    { docs: [{ x: 1 }, { x: 2 }, { x: 3 }] },
  ],
  [
    'dotted exclusion into an array of documents',
    {},
    { 'docs.y': 0, arr: 0, b: 0, s: 0 },
    { _id: 1, a: 5, docs: [{ x: 1 }, { x: 2 }, { x: 3 }] },
  ],
  ['dotted inclusion into an array of scalars', {}, { 'arr.x': 1 }, { _id: 1, arr: [] }],
  ['dotted inclusion into a scalar', {}, { 'a.x': 1 }, { _id: 1 }],
  [
    'mixed: exclusion in an inclusion',
    {},
    { a: 1, b: 0 },
    refusal(31254, 'Cannot do exclusion on field b in inclusion projection'),
  ],
  [
    'mixed: inclusion in an exclusion',
    {},
    { a: 0, b: 1 },
    refusal(31253, 'Cannot do inclusion on field b in exclusion projection'),
  ],
  [
    'mixed: nested field named as written',
    {},
    { b: { c: 1, d: 0 } },
    refusal(31254, 'Cannot do exclusion on field d in inclusion projection'),
  ],
  [
    'path collision (prefix first)',
    {},
    { b: 1, 'b.c': 1 },
    refusal(31249, 'Path collision at b.c remaining portion c'),
  ],
  ['path collision (prefix last)', {}, { 'b.c': 1, b: 1 }, refusal(31250, 'Path collision at b')],
  ['$slice', {}, { arr: { $slice: 2 } }, { _id: 1, a: 5, b: PROJ_DOC.b, arr: [1, 2], docs: PROJ_DOC.docs, s: 'Hi' }],
  ['$slice negative', {}, { arr: { $slice: -2 }, _id: 0, a: 1 }, { a: 5, arr: [4, 5] }],
  ['$slice [skip, limit]', {}, { arr: { $slice: [1, 2] }, a: 1 }, { _id: 1, a: 5, arr: [2, 3] }],
  ['$slice [negative skip, limit]', {}, { arr: { $slice: [-2, 1] }, a: 1 }, { _id: 1, a: 5, arr: [4] }],
  ['$slice skip beyond the start', {}, { arr: { $slice: [-9, 2] }, a: 1 }, { _id: 1, a: 5, arr: [1, 2] }],
  ['$slice skip beyond the end', {}, { arr: { $slice: [9, 2] }, a: 1 }, { _id: 1, a: 5, arr: [] }],
  ['$slice of a non-array', {}, { a: { $slice: 1 }, s: 1 }, { _id: 1, a: 5, s: 'Hi' }],
  ['$slice with _id included', {}, { _id: 1, arr: { $slice: 1 } }, { _id: 1, arr: [1] }],
  [
    '$slice in an exclusion',
    {},
    { a: 0, b: 0, arr: { $slice: 1 } },
    { _id: 1, arr: [1], docs: PROJ_DOC.docs, s: 'Hi' },
  ],
  [
    '$slice with _id excluded',
    {},
    { _id: 0, docs: { $slice: -1 } },
    { a: 5, b: PROJ_DOC.b, arr: PROJ_DOC.arr, docs: [{ x: 3, y: 3 }], s: 'Hi' },
  ],
  [
    '$slice limit not positive',
    {},
    { arr: { $slice: [1, 0] }, a: 1 },
    refusal(28724, 'First argument to $slice must be an array, but is of type: int'),
  ],
  ['$slice aggregation form', {}, { s: 1, arr: { $slice: ['$arr', 1, 2] } }, { _id: 1, s: 'Hi', arr: [2, 3] }],
  ['$elemMatch', {}, { docs: { $elemMatch: { x: { $gt: 1 } } } }, { _id: 1, docs: [{ x: 2, y: 2 }] }],
  ['$elemMatch on scalars', {}, { arr: { $elemMatch: { $gte: 4 } }, _id: 0 }, { arr: [4] }],
  [
    '$elemMatch after the inclusions',
    {},
    { docs: { $elemMatch: { x: 3 } }, a: 1 },
    { _id: 1, a: 5, docs: [{ x: 3, y: 3 }] },
  ],
  ['$elemMatch without a match', {}, { docs: { $elemMatch: { x: 9 } }, a: 1 }, { _id: 1, a: 5 }],
  [
    '$elemMatch on a nested field',
    {},
    { 'b.c': { $elemMatch: { x: 1 } } },
    refusal(31275, 'Cannot use $elemMatch projection on a nested field.'),
  ],
  [
    '$elemMatch with a non-object',
    {},
    { docs: { $elemMatch: 1 } },
    refusal(31274, 'elemMatch: Invalid argument, object required'),
  ],
  [
    '$elemMatch with positional',
    { arr: 2 },
    { 'arr.$': 1, docs: { $elemMatch: { x: 1 } } },
    refusal(31255, 'Cannot specify positional operator and $elemMatch.'),
  ],
  ['positional $', { arr: { $gte: 3 } }, { 'arr.$': 1 }, { _id: 1, arr: [3] }],
  ['positional $ on documents', { 'docs.x': 2 }, { 'docs.$': 1, a: 1 }, { _id: 1, a: 5, docs: [{ x: 2, y: 2 }] }],
  [
    'positional $ after $elemMatch query',
    { docs: { $elemMatch: { x: { $gt: 1 }, y: { $lt: 3 } } } },
    { 'docs.$': 1, _id: 0 },
    { docs: [{ x: 2, y: 2 }] },
  ],
  [
    'positional $ not in the query',
    {},
    { 'arr.$': 1 },
    refusal(51246, "positional operator '.$' couldn't find a matching element in the array"),
  ],
  [
    'positional $ matched by another branch',
    { $or: [{ arr: 9 }, { a: 5 }] },
    { 'arr.$': 1 },
    refusal(51246, "positional operator '.$' couldn't find a matching element in the array"),
  ],
  [
    'positional $ twice',
    { arr: 2, 'docs.x': 2 },
    { 'arr.$': 1, 'docs.$': 1 },
    refusal(31276, 'Cannot specify more than one positional projection per query.'),
  ],
  [
    'positional $ in an exclusion',
    { arr: 2 },
    { 'arr.$': 1, a: 0 },
    refusal(31254, 'Cannot do exclusion on field a in inclusion projection'),
  ],
  ['$meta', {}, { score: { $meta: 'textScore' } }, (v: unknown) => v !== undefined],
  ['expression', {}, { v: { $add: ['$a', 1] } }, { _id: 1, v: 6 }],
  ['expression after the inclusions', {}, { v: { $toUpper: '$s' }, a: 1 }, { _id: 1, a: 5, v: 'HI' }],
  ['field path', {}, { v: '$b.c', _id: 0 }, { v: 1 }],
  ['literal string', {}, { v: 'x', _id: 0 }, { v: 'x' }],
  ['$literal', {}, { v: { $literal: 0 }, _id: 0 }, { v: 0 }],
  [
    'expression in an exclusion',
    {},
    { a: 0, v: { $add: [1, 1] } },
    refusal(31252, 'Cannot use expression other than $meta in exclusion projection'),
  ],
  [
    'exclusion after an expression',
    {},
    { v: { $add: [1, 1] }, a: 0 },
    refusal(31254, 'Cannot do exclusion on field a in inclusion projection'),
  ],
  ['literal in an exclusion', {}, { a: 0, v: 'x' }, refusal(31310, 'Cannot use an expression')],
  ['unknown expression', {}, { v: { $nope: 1 } }, refusal(31325, 'Unknown expression $nope')],
];

const projected = (filter: Document, projection: Document) => async () =>
  db.collection('proj').findOne(filter, { projection });

/** Like sweep, where an expected refusal must be answered with its code and message. */
async function sweepProjections(): Promise<{ refused: string[]; failures: string[] }> {
  const refused: string[] = [];
  const failures: string[] = [];
  for (const [name, filter, projection, expected] of PROJECTIONS) {
    const { value, error } = await outcome(projected(filter, projection));
    const wantRefusal = (expected as { refusal?: { code: number; message: string } } | null)?.refusal;
    if (
      error &&
      t.kind === 'embedded' &&
      error.code === 238 &&
      name.startsWith('$') &&
      error.message.includes(name.split(' ')[0]!)
    ) {
      refused.push(name);
    } else if (wantRefusal) {
      if (!error || error.code !== wantRefusal.code || !error.message.includes(wantRefusal.message)) {
        failures.push(
          `${name}: ${error ? `error ${error.code} ${error.message}` : `answered ${JSON.stringify(value)}`}, expected ${wantRefusal.code} ${wantRefusal.message}`,
        );
      }
    } else if (error) failures.push(`${name}: error ${error.code} ${error.message}`);
    else {
      const ok =
        typeof expected === 'function'
          ? (expected as (v: unknown) => boolean)(value)
          : JSON.stringify(value) === JSON.stringify(expected);
      if (!ok)
        failures.push(
          `${name}: answered ${JSON.stringify(value)}, expected ${typeof expected === 'function' ? 'a check' : JSON.stringify(expected)}`,
        );
    }
  }
  return { refused, failures };
}

describe('MongoDB 7.0 operators: answered as MongoDB answers, or refused with 238 naming them', () => {
  it('expression operators', async () => {
    const { refused, failures } = await sweep(EXPRESSIONS.map(([name, expr, want]) => [name, project(expr), want]));
    expect(failures).toEqual([]);
    if (t.kind === 'embedded') expect(refused).toEqual(expect.arrayContaining(['$function', '$meta']));
  });

  it('$group accumulators', async () => {
    const { refused, failures } = await sweep(ACCUMULATORS.map(([name, acc, want]) => [name, group(acc), want]));
    expect(failures).toEqual([]);
    if (t.kind === 'embedded') expect(refused).toEqual(['$accumulator']);
  });

  it('query operators', async () => {
    const { refused, failures } = await sweep(QUERY.map(([name, filter, want]) => [name, ids(filter), want]));
    expect(failures).toEqual([]);
    if (t.kind === 'embedded') expect(refused).toEqual(expect.arrayContaining(['$text', '$near']));
  });

  it('update operators', async () => {
    const { refused, failures } = await sweep(UPDATES);
    expect(failures).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('find projections', async () => {
    await db.collection('proj').insertOne(PROJ_DOC as Document);
    const { refused, failures } = await sweepProjections();
    expect(failures).toEqual([]);
    if (t.kind === 'embedded') expect(refused).toEqual(['$meta']);
  });

  it('aggregation stages', async () => {
    const { refused, failures } = await sweep(STAGES);
    expect(failures).toEqual([]);
    if (t.kind === 'embedded') expect(refused).toEqual(expect.arrayContaining(['$geoNear', '$search', '$indexStats']));
  });
});
