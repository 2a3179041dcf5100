import { runEntry } from '../../server/entry.js';

// `npm run worker` (workers/main.ts) with the dialer simulator sped up by SIMULATOR_SPEED, so a fault test can kill
// worker processes in the middle of auto-dial without waiting the spec's real call timings. The speed is part of
// the platform's build: the provider exists with it before the workers take their first job.
await runEntry(
  {
    api: false,
    workers: true,
    embedded: false,
    seed: false,
    phone: { simulator: { speed: Number(process.env.SIMULATOR_SPEED ?? '1') } },
  },
  () => {
    console.log('Workers running');
  },
);
