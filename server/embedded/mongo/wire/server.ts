// TCP front end: frames messages per connection, runs each command synchronously, and holds a
// write command's reply until the journal has written it (when persistence is on).
import net from 'node:net';
import type { Catalogue } from '../storage/catalogue.js';
import { CursorManager } from './cursors.js';
import { isWriteCommand, runCommand } from '../commands/index.js';
import { sweepExpired } from '../storage/ttl.js';
import type { ServerState } from '../commands/state.js';
import { FLAG_MORE_TO_COME, HEADER_SIZE, MAX_MESSAGE_SIZE, ProtocolError, encodeReply, parseMessage } from './wire.js';

export interface Durability {
  /** Runs `cb` once everything written so far is in the journal file (and on disk, with `sync`). */
  afterFlush(cb: (err?: Error) => void, sync?: boolean): void;
}

/** writeConcern j:true (or the legacy fsync:true) asks for the journal to reach the disk before the reply. */
function wantsSync(command: Record<string, unknown>): boolean {
  const wc = command.writeConcern as { j?: unknown; fsync?: unknown } | undefined;
  return Object.keys(command)[0] === 'fsync' || wc?.j === true || wc?.fsync === true;
}

export interface ServerOptions {
  host: string;
  port: number;
  catalogue: Catalogue;
  durability?: Durability;
  ttlMonitorSleepSecs?: number;
  log: (msg: string) => void;
}

const CURSOR_SWEEP_MS = 60_000;

export class MongoServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;
  private ttlTimer?: NodeJS.Timeout;
  private cursorTimer?: NodeJS.Timeout;
  readonly state: ServerState;

  constructor(private readonly opts: ServerOptions) {
    this.state = {
      catalogue: opts.catalogue,
      cursors: new CursorManager(),
      params: { ttlMonitorSleepSecs: opts.ttlMonitorSleepSecs ?? 60, ttlMonitorEnabled: true },
      startedAt: new Date(),
      host: opts.host,
      port: opts.port,
      connections: () => this.sockets.size,
      onParamsChanged: () => this.armTtl(),
      log: opts.log,
    };
    this.server = net.createServer((socket) => this.accept(socket));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.opts.port, this.opts.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    this.state.port = typeof address === 'object' && address ? address.port : this.opts.port;
    this.armTtl();
    this.cursorTimer = setInterval(() => this.state.cursors.sweep(), CURSOR_SWEEP_MS);
    this.cursorTimer.unref();
    return this.state.port;
  }

  private armTtl(): void {
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    this.ttlTimer = setInterval(() => this.sweepTtl(), this.state.params.ttlMonitorSleepSecs * 1000);
    this.ttlTimer.unref();
  }

  sweepTtl(): void {
    if (!this.state.params.ttlMonitorEnabled) return;
    try {
      const n = sweepExpired(this.state.catalogue);
      if (n) this.opts.log(`TTL monitor removed ${n} document(s)`);
    } catch (err) {
      this.opts.log(`TTL monitor failed: ${(err as Error).message}`);
    }
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnectionId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const chunks: Buffer[] = [];
    let buffered = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      buffered += chunk.length;
      while (buffered >= 4) {
        let head = chunks[0];
        if (head.length < 4) {
          head = Buffer.concat(chunks);
          chunks.splice(0, chunks.length, head);
        }
        const length = head.readInt32LE(0);
        if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE + 16 * 1024) {
          this.opts.log(`connection ${connectionId}: invalid message length ${length}, closing`);
          socket.destroy();
          return;
        }
        if (buffered < length) return;
        const all = chunks.length === 1 ? head : Buffer.concat(chunks);
        // Copy out the message so documents that keep slices of it don't pin the socket's buffers.
        const message = all.length === length ? all : Buffer.from(all.subarray(0, length));
        const rest = all.length > length ? all.subarray(length) : undefined;
        chunks.length = 0;
        buffered -= length;
        if (rest) chunks.push(Buffer.from(rest));
        if (!this.handle(socket, connectionId, message)) return;
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** Returns false when the connection was closed because of a malformed message. */
  private handle(socket: net.Socket, connectionId: number, message: Buffer): boolean {
    let request;
    try {
      request = parseMessage(message);
    } catch (err) {
      const why = err instanceof ProtocolError ? err.message : String(err);
      this.opts.log(`connection ${connectionId}: malformed message (${why}), closing`);
      socket.destroy();
      return false;
    }
    const reply = runCommand(request.command, { state: this.state, db: request.db, connectionId });
    if (request.flags & FLAG_MORE_TO_COME) return true;
    const send = (err?: Error) => {
      if (socket.destroyed) return;
      if (err && reply.ok === 1) {
        // The change is applied in memory but not journaled: say so, as a write concern failure.
        reply.writeConcernError = {
          code: 100,
          codeName: 'UnsatisfiableWriteConcern',
          errmsg: `journal write failed: ${err.message}`,
        };
      }
      let message: Buffer;
      try {
        message = encodeReply(request, reply);
      } catch (e) {
        message = encodeReply(request, {
          ok: 0,
          code: 10334,
          codeName: 'BSONObjectTooLarge',
          errmsg: `reply too large: ${(e as Error).message}`,
        });
      }
      socket.write(message);
    };
    const name = Object.keys(request.command)[0];
    if (this.opts.durability && isWriteCommand(name, request.command))
      this.opts.durability.afterFlush(send, wantsSync(request.command));
    else send();
    return true;
  }

  async close(): Promise<void> {
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    if (this.cursorTimer) clearInterval(this.cursorTimer);
    for (const s of this.sockets) s.destroy();
    this.state.cursors.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
