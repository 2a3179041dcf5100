// Child process for the crash test: starts the embedded server on a dbPath and writes documents
// through the driver, printing `ack <i>` for every write the server acknowledged. The parent
// SIGKILLs it mid-stream and checks that every acknowledged write survived.
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../server/embedded/mongo/index.js';

const [dbPath, countArg, writersArg, compactArg] = process.argv.slice(2);
const count = Number(countArg ?? 10_000);
const writers = Number(writersArg ?? 8);
const server = await startEmbeddedMongo({
  dbPath,
  // A small threshold makes compactions happen while the parent may kill us.
  storage: compactArg ? { compactBytes: Number(compactArg) } : undefined,
});
const client = new MongoClient(server.uri, { maxPoolSize: writers });
await client.connect();
const c = client.db('crash').collection('docs');
await c.createIndex({ i: 1 }, { unique: true });
process.stdout.write('ready\n');

let next = 0;
async function writer() {
  for (;;) {
    const i = next++;
    if (i >= count) return;
    await c.insertOne({ i, payload: 'x'.repeat(i % 200), at: new Date() });
    if (i % 3 === 0) await c.updateOne({ i }, { $set: { updated: true }, $inc: { version: 1 } });
    process.stdout.write(`ack ${i}${i % 3 === 0 ? ' u' : ''}\n`);
  }
}
await Promise.all(Array.from({ length: writers }, writer));
process.stdout.write('done\n');
await client.close();
await server.stop();
