// Command dispatch: name lookup, the checks a standalone mongod makes on every command, and
// conversion of any failure into a MongoDB error reply.
import type { Doc } from '../common/documents.js';
import { MongoCommandError, commandNotFound, toCommandError } from '../common/errors.js';
import { validateDbName } from '../storage/catalogue.js';
import type { CommandContext } from './state.js';
import { handshakeCommands } from './handshake.js';
import { writeCommands } from './write.js';
import { readCommands } from './read.js';
import { aggregateCommands } from './aggregate.js';
import { adminCommands } from './admin.js';
import { explainCommands } from './explain.js';
import { refuseWriteToView } from './views.js';
import { endSessions, touchSession } from './sessions.js';

export type CommandHandler = (cmd: Doc, ctx: CommandContext) => Doc;

const COMMANDS: Record<string, CommandHandler> = {
  ...handshakeCommands,
  ...writeCommands,
  ...readCommands,
  ...aggregateCommands,
  ...adminCommands,
  ...explainCommands,
};

/** Commands that change data: the reply to these waits for the journal write. */
export const WRITE_COMMANDS = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
  'create',
  'drop',
  'dropDatabase',
  'renameCollection',
  'collMod',
  'fsync',
]);

/** True when a command changes data, so its reply must wait for the journal (an aggregate with $out / $merge too). */
export function isWriteCommand(name: string, command: Doc): boolean {
  if (WRITE_COMMANDS.has(name)) return true;
  if (name !== 'aggregate' || !Array.isArray(command.pipeline)) return false;
  const last = command.pipeline[command.pipeline.length - 1] as unknown;
  return typeof last === 'object' && last !== null && ('$out' in last || '$merge' in last);
}

const NO_DB_CHECK = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'buildInfo', 'buildinfo']);

export function runCommand(cmd: Doc, ctx: CommandContext): Doc {
  const name = Object.keys(cmd)[0];
  try {
    if (name === undefined) throw new MongoCommandError(59, "no such command: ''");
    // A standalone has no transactions (and the driver never sends retryable-write txnNumbers to one).
    if (cmd.txnNumber !== undefined || cmd.autocommit !== undefined || cmd.startTransaction !== undefined) {
      throw new MongoCommandError(20, 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    const handler = Object.hasOwn(COMMANDS, name)
      ? COMMANDS[name]
      : name === 'buildinfo'
        ? COMMANDS.buildInfo
        : undefined;
    if (!handler) throw commandNotFound(name);
    if (!NO_DB_CHECK.has(name)) validateDbName(ctx.db);
    refuseWriteToView(name, cmd, ctx);
    touchSession(ctx.state, cmd.lsid);
    if (name === 'endSessions') endSessions(ctx.state, cmd.endSessions);
    return handler(cmd, ctx);
  } catch (err) {
    return toCommandError(err).toReply();
  }
}
