import { runEntry } from './entry.js';

// `npm run api`: the API alone, against MONGO_URL and REDIS_URL (scaled separately from the workers).
await runEntry({ api: true, workers: false, embedded: false, seed: false }, (runtime) => {
  console.log(`API listening at ${runtime.url}`);
});
