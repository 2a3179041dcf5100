import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../server/embedded/mongo/index.js';
const srv = await startEmbeddedMongo({});
const client = new MongoClient(srv.uri);
const deals = client.db('b').collection('deals');
await deals.insertMany(Array.from({ length: 1000 }, (_, i) => ({ agent: `a${i % 25}`, campaign: `c${i % 5}`, value: (i * 37) % 1000, closedAt: new Date(Date.UTC(2024, i % 12, 1)) })));
let t = Date.now(); let n = 0;
while (Date.now() - t < 4000) {
  await deals.aggregate([{ $match: { value: { $gte: 0 } } }, { $group: { _id: '$agent', total: { $sum: '$value' }, n: { $sum: 1 } } }, { $sort: { total: -1 } }]).toArray();
  n++;
}
console.log(Math.round(n / 4), 'ops/s');
await client.close(); await srv.stop();
