// Handshake and server-information commands, answered as a MongoDB 7.0 standalone.
import { Long } from 'bson';
import type { Doc } from '../common/documents.js';
import { MongoCommandError, badValue } from '../common/errors.js';
import type { CommandContext } from './state.js';

export const SERVER_VERSION = '7.0.14';
export const VERSION_ARRAY = [7, 0, 14, 0];
export const MAX_WIRE_VERSION = 21;

function helloReply(cmd: Doc, ctx: CommandContext, legacy: boolean): Doc {
  const reply: Doc = {};
  if (cmd.helloOk) reply.helloOk = true;
  if (legacy) reply.ismaster = true;
  else reply.isWritablePrimary = true;
  Object.assign(reply, {
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  });
  return reply;
}

function getParameters(ctx: CommandContext): Doc {
  return {
    featureCompatibilityVersion: { version: '7.0' },
    ttlMonitorSleepSecs: ctx.state.params.ttlMonitorSleepSecs,
    ttlMonitorEnabled: ctx.state.params.ttlMonitorEnabled,
    authenticationMechanisms: [],
    maxBSONDepth: 200,
  };
}

export const handshakeCommands: Record<string, (cmd: Doc, ctx: CommandContext) => Doc> = {
  hello: (cmd, ctx) => helloReply(cmd, ctx, false),
  isMaster: (cmd, ctx) => helloReply(cmd, ctx, true),
  ismaster: (cmd, ctx) => helloReply(cmd, ctx, true),
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({
    version: SERVER_VERSION,
    gitVersion: 'embedded',
    modules: [],
    allocator: 'system',
    javascriptEngine: 'none',
    sysInfo: 'deprecated',
    versionArray: VERSION_ARRAY,
    bits: 64,
    debug: false,
    maxBsonObjectSize: 16 * 1024 * 1024,
    storageEngines: ['embedded'],
    ok: 1,
  }),
  getParameter: (cmd, ctx) => {
    const all = getParameters(ctx);
    if (
      cmd.getParameter === '*' ||
      (typeof cmd.getParameter === 'object' && cmd.getParameter && (cmd.getParameter as Doc).allParameters)
    ) {
      return { ...all, ok: 1 };
    }
    const out: Doc = {};
    for (const key of Object.keys(cmd)) {
      if (key === 'getParameter' || key.startsWith('$') || key === 'lsid' || key === 'comment') continue;
      if (!(key in all)) continue;
      out[key] = all[key];
    }
    if (Object.keys(out).length === 0) throw new MongoCommandError(72, 'no option found to get');
    return { ...out, ok: 1 };
  },
  setParameter: (cmd, ctx) => {
    const out: Doc = {};
    for (const [key, value] of Object.entries(cmd)) {
      if (key === 'setParameter' || key.startsWith('$') || key === 'lsid' || key === 'comment') continue;
      if (key === 'ttlMonitorSleepSecs') {
        const secs = Number(value);
        if (!Number.isFinite(secs) || secs < 1) throw badValue('ttlMonitorSleepSecs must be at least 1');
        out.was = ctx.state.params.ttlMonitorSleepSecs;
        ctx.state.params.ttlMonitorSleepSecs = secs;
        ctx.state.onParamsChanged();
      } else if (key === 'ttlMonitorEnabled') {
        if (typeof value !== 'boolean') throw badValue('ttlMonitorEnabled must be a boolean');
        out.was = ctx.state.params.ttlMonitorEnabled;
        ctx.state.params.ttlMonitorEnabled = value;
      } else {
        throw badValue(`attempted to set unrecognized parameter [${key}], use help:true to see options `);
      }
    }
    return { ...out, ok: 1 };
  },
  endSessions: () => ({ ok: 1 }),
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ ok: 1 }),
  whatsmyuri: () => ({ you: '127.0.0.1', ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getCmdLineOpts: () => ({ argv: ['embedded-mongo'], parsed: {}, ok: 1 }),
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  hostInfo: (_cmd, ctx) => ({
    system: { hostname: ctx.state.host, currentTime: new Date() },
    os: {},
    extra: {},
    ok: 1,
  }),
  serverStatus: (_cmd, ctx) => ({
    host: `${ctx.state.host}:${ctx.state.port}`,
    version: SERVER_VERSION,
    process: 'mongod',
    pid: Long.fromNumber(process.pid),
    uptime: (Date.now() - ctx.state.startedAt.getTime()) / 1000,
    uptimeMillis: Long.fromNumber(Date.now() - ctx.state.startedAt.getTime()),
    localTime: new Date(),
    connections: { current: ctx.state.connections(), available: 1000 },
    metrics: { cursor: { open: { total: ctx.state.cursors.size } } },
    ok: 1,
  }),
};
