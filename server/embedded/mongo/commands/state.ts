// Everything a command handler can reach: the catalogue, open cursors and server parameters.
import type { Catalogue } from '../storage/catalogue.js';
import type { CursorManager } from '../wire/cursors.js';

export interface ServerParams {
  /** Seconds between TTL sweeps (MongoDB's `ttlMonitorSleepSecs`, default 60). */
  ttlMonitorSleepSecs: number;
  /** Whether the sweep runs at all (MongoDB's `ttlMonitorEnabled`, default true). */
  ttlMonitorEnabled: boolean;
}

export interface ServerState {
  catalogue: Catalogue;
  cursors: CursorManager;
  params: ServerParams;
  startedAt: Date;
  host: string;
  port: number;
  connections: () => number;
  /** Called when a parameter changes (e.g. to re-arm the TTL timer). */
  onParamsChanged: () => void;
  log: (msg: string) => void;
}

export interface CommandContext {
  state: ServerState;
  db: string;
  connectionId: number;
}
