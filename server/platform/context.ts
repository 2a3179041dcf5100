import type { Db } from 'mongodb';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { LiveEvents } from './live-events.js';
import type { Logger } from './logger.js';
import type { QueueRegistry } from './queues.js';
import type { PhoneProvider } from './telephony/phone-provider.js';

/**
 * What services and repositories need from the outside world. The API and the workers build one
 * each and pass it down, so a worker calls the very same services the routes call.
 */
export interface Platform {
  config: Config;
  db: Db;
  /** General-purpose commands (rate limits, cooldowns, presence). */
  redis: Redis;
  queues: QueueRegistry;
  live: LiveEvents;
  clock: Clock;
  log: Logger;
  /** The dialer's phone provider (PHONE_PROVIDER), built once at start-up like the clock. */
  phone: PhoneProvider;
}
