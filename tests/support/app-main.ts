import { runEntry } from '../../server/entry.js';

// `npm start`'s process shape (the API and the workers in one process) on a test's database and Redis, from source
// through tsx, so a test can kill or restart it under a connected tab. The embedded backends and the demo data are
// the test's own.
await runEntry({ api: true, workers: true, embedded: false, seed: false }, (runtime) => {
  console.log(`App running at ${runtime.url}`);
});
