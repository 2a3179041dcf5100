import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { readOnly } from '../../server/platform/read-only-collection.js';

// A client that is never connected: building a handle and a cursor sends nothing, and the refusals happen before.
const collection = new MongoClient('mongodb://127.0.0.1:1').db('probe').collection('deals');

describe('read-only collection handle (server/platform/read-only-collection.ts)', () => {
  it('holds no write method at run time', () => {
    const handle = readOnly(collection) as unknown as Record<string, unknown>;
    expect(Object.keys(handle).sort()).toEqual(['aggregate', 'countDocuments', 'find']);
    for (const write of [
      'insertOne',
      'updateOne',
      'updateMany',
      'deleteMany',
      'bulkWrite',
      'createIndex',
      'findOneAndUpdate',
    ])
      expect(handle[write]).toBeUndefined();
  });

  it('refuses an aggregation that would write ($out, $merge) and builds a reading one', () => {
    const handle = readOnly(collection);
    expect(() => handle.aggregate([{ $match: {} }, { $out: 'copy' }])).toThrow('cannot run $out or $merge');
    expect(() => handle.aggregate([{ $merge: { into: 'copy' } }])).toThrow('cannot run $out or $merge');
    expect(handle.aggregate([{ $match: { status: 'closed' } }]).pipeline).toEqual([{ $match: { status: 'closed' } }]);
  });
});
