import { runEntry } from '../../server/entry.js';
import { configureSimulator } from '../../server/features/dialer/provider.js';

// `npm run worker` (workers/main.ts) with the dialer simulator sped up by SIMULATOR_SPEED, so a fault test can kill
// worker processes in the middle of auto-dial without waiting the spec's real call timings. The simulator is set
// before the workers' first job: jobs arrive over the network, after this callback has run.
await runEntry({ api: false, workers: true, embedded: false, seed: false }, (runtime) => {
  configureSimulator(runtime.platform, { speed: Number(process.env.SIMULATOR_SPEED ?? '1') });
  console.log('Workers running');
});
