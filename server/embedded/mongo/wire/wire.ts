// MongoDB wire protocol framing: OP_MSG (both section kinds) and the legacy OP_QUERY / OP_REPLY
// pair the driver still uses for its very first handshake.
import { BSON, type Document } from 'bson';
import { encodeWithBatches } from './raw-bson.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;

export const HEADER_SIZE = 16;
export const MAX_MESSAGE_SIZE = 48_000_000;

/** Options used for every document that comes off the wire: plain JS values where lossless. */
export const DESERIALIZE_OPTIONS: BSON.DeserializeOptions = {
  promoteLongs: true,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
};

export class ProtocolError extends Error {}

export interface CommandRequest {
  opCode: typeof OP_MSG | typeof OP_QUERY;
  requestId: number;
  flags: number;
  /** Database the command runs against (`$db`, or the OP_QUERY namespace prefix). */
  db: string;
  command: Document;
}

function readCString(buf: Buffer, offset: number, end: number): [string, number] {
  const zero = buf.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, zero), zero + 1];
}

function readDocument(buf: Buffer, offset: number, end: number): [Document, number] {
  if (offset + 5 > end) throw new ProtocolError('truncated document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('bad document size');
  try {
    return [BSON.deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTIONS), offset + size];
  } catch (err) {
    throw new ProtocolError(`invalid BSON: ${(err as Error).message}`);
  }
}

/** Parses one complete message (header included). Throws ProtocolError on anything malformed. */
export function parseMessage(msg: Buffer): CommandRequest {
  if (msg.length < HEADER_SIZE) throw new ProtocolError('short message');
  const requestId = msg.readInt32LE(4);
  const opCode = msg.readInt32LE(12);
  if (opCode === OP_MSG) return parseOpMsg(msg, requestId);
  if (opCode === OP_QUERY) return parseOpQuery(msg, requestId);
  if (opCode === OP_COMPRESSED) throw new ProtocolError('OP_COMPRESSED was not negotiated');
  throw new ProtocolError(`unsupported opCode ${opCode}`);
}

function parseOpMsg(msg: Buffer, requestId: number): CommandRequest {
  if (msg.length < HEADER_SIZE + 5) throw new ProtocolError('short OP_MSG');
  const flags = msg.readUInt32LE(HEADER_SIZE);
  // Bits 0-15 are required-to-understand; we know 0 (checksum) and 1 (moreToCome).
  if ((flags & 0xffff & ~(FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME)) !== 0) {
    throw new ProtocolError(`unknown required OP_MSG flag bits ${flags}`);
  }
  // The checksum is optional for a receiver to verify; the driver never sends one over TCP anyway.
  const end = flags & FLAG_CHECKSUM_PRESENT ? msg.length - 4 : msg.length;
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = msg[offset++];
    if (kind === 0) {
      if (body) throw new ProtocolError('more than one body section');
      [body, offset] = readDocument(msg, offset, end);
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = msg.readInt32LE(offset);
      const seqEnd = offset + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError('bad document sequence size');
      const [identifier, start] = readCString(msg, offset + 4, seqEnd);
      const docs: Document[] = [];
      for (let pos = start; pos < seqEnd;) {
        const [doc, next] = readDocument(msg, pos, seqEnd);
        docs.push(doc);
        pos = next;
      }
      sequences.push([identifier, docs]);
      offset = seqEnd;
    } else {
      throw new ProtocolError(`unknown section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  const db = typeof body.$db === 'string' ? body.$db : 'admin';
  return { opCode: OP_MSG, requestId, flags, db, command: body };
}

function parseOpQuery(msg: Buffer, requestId: number): CommandRequest {
  let offset = HEADER_SIZE + 4;
  const [ns, afterNs] = readCString(msg, offset, msg.length);
  offset = afterNs + 8; // numberToSkip, numberToReturn
  let [query] = readDocument(msg, offset, msg.length);
  // Legacy drivers may wrap the command as {$query: {...}, $readPreference: ...}.
  if (query.$query && typeof query.$query === 'object') query = query.$query as Document;
  const dot = ns.indexOf('.');
  if (dot < 0 || ns.slice(dot + 1) !== '$cmd')
    throw new ProtocolError(`OP_QUERY is only supported for commands, got ${ns}`);
  return { opCode: OP_QUERY, requestId, flags: 0, db: ns.slice(0, dot), command: query };
}

let nextRequestId = 1;

/** Writes the message header into the first 16 bytes of the message. */
function writeHeader(message: Buffer, responseTo: number, opCode: number): void {
  message.writeInt32LE(message.length, 0);
  message.writeInt32LE((nextRequestId = (nextRequestId + 1) & 0x7fffffff), 4);
  message.writeInt32LE(responseTo, 8);
  message.writeInt32LE(opCode, 12);
}

/** The whole reply message (cursor batches are copied as encoded, see raw-bson.ts). */
export function encodeReply(request: Pick<CommandRequest, 'opCode' | 'requestId'>, reply: Document): Buffer {
  if (request.opCode === OP_QUERY) {
    const prefix = HEADER_SIZE + 20;
    const message = encodeWithBatches(reply, prefix);
    message.fill(0, 0, prefix);
    writeHeader(message, request.requestId, OP_REPLY);
    message.writeInt32LE(8, HEADER_SIZE); // responseFlags: AwaitCapable
    // cursorID (8 bytes) and startingFrom stay zero
    message.writeInt32LE(1, HEADER_SIZE + 16); // numberReturned
    return message;
  }
  const prefix = HEADER_SIZE + 5;
  const message = encodeWithBatches(reply, prefix);
  writeHeader(message, request.requestId, OP_MSG);
  // flagBits = 0 and section kind 0
  message.fill(0, HEADER_SIZE, prefix);
  return message;
}
