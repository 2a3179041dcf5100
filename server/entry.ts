import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { registerShutdown, startRuntime, StartupError, type Runtime, type RuntimeOptions } from './runtime.js';
import { createLogger } from './platform/logger.js';

/** Shared by the three entry points: a bad start prints one clear sentence per problem and exits 1. */
export async function runEntry(
  options: Omit<RuntimeOptions, 'log'>,
  onReady?: (runtime: Runtime, config: Config) => void,
): Promise<void> {
  // A local .env is a convenience for development; real deployments set the environment.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, options.api ? 'api' : 'worker');
  // Under a supervisor with an IPC channel (`npm start`, scripts/supervise.mjs), the channel closes when the
  // supervisor dies, however it dies (SIGKILL included): the app then stops as on SIGTERM rather than run on
  // unsupervised. Watched from the start, so a supervisor lost while the app starts is not missed.
  let supervisorGone = false;
  let onSupervisorGone = () => {
    supervisorGone = true;
  };
  if (process.channel) process.once('disconnect', () => onSupervisorGone());
  try {
    const runtime = await startRuntime(config, {
      ...options,
      workers: options.workers && config.workers,
      seed: options.seed || config.seedDemo,
      log,
    });
    const shutdown = registerShutdown(runtime, log);
    if (supervisorGone) shutdown('supervisor gone');
    else onSupervisorGone = () => shutdown('supervisor gone');
    onReady?.(runtime, config);
  } catch (error) {
    const message = error instanceof StartupError ? error.message : `Could not start: ${(error as Error).message}`;
    console.error(message);
    process.exit(1);
  }
}
