import { DEMO_ACCOUNTS } from './seed/index.js';
import { runEntry } from './entry.js';

// `npm start`: everything in one process on the embedded defaults (or MONGO_URL / REDIS_URL when set).
await runEntry({ api: true, workers: true, embedded: true, seed: true }, (runtime, config) => {
  const lines = [`Commission Warriors is running at ${runtime.url}`];
  if (config.env !== 'production') {
    lines.push('Demo accounts (password: ' + config.demoPassword + '):');
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(18)} ${account.role}`);
  }
  console.log(lines.join('\n'));
});
