import { runEntry } from '../server/entry.js';

// `npm run worker`: the BullMQ workers alone, against MONGO_URL and REDIS_URL. Never serves HTTP.
await runEntry({ api: false, workers: true, embedded: false, seed: false }, () => {
  console.log('Workers running');
});
