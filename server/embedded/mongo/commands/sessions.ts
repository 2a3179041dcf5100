// The logical sessions this server has seen (every command's `lsid`), for $listLocalSessions. With no
// authentication every session belongs to the same (empty) user, whose uid is SHA-256 of ''.
import { createHash } from 'node:crypto';
import { Binary } from 'bson';
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';
import type { ServerState } from './state.js';

const EMPTY_USER_UID = new Binary(createHash('sha256').update('').digest(), 0);
const byServer = new WeakMap<ServerState, Map<string, { id: unknown; lastUse: Date }>>();

function sessionsOf(state: ServerState): Map<string, { id: unknown; lastUse: Date }> {
  let sessions = byServer.get(state);
  if (!sessions) byServer.set(state, (sessions = new Map()));
  return sessions;
}

const keyOf = (id: unknown) => (id instanceof Binary ? id.toString('hex') : String(id));

export function touchSession(state: ServerState, lsid: unknown): void {
  if (!isPlainObject(lsid) || lsid.id === undefined) return;
  const sessions = sessionsOf(state);
  // Bounded like mongod's session cache, so clients that never end sessions can't grow it forever.
  if (sessions.size >= 100_000 && !sessions.has(keyOf(lsid.id))) sessions.delete(sessions.keys().next().value!);
  sessions.set(keyOf(lsid.id), { id: lsid.id, lastUse: new Date() });
}

export function endSessions(state: ServerState, ids: unknown): void {
  if (!Array.isArray(ids)) return;
  for (const lsid of ids) if (isPlainObject(lsid)) sessionsOf(state).delete(keyOf(lsid.id));
}

/** The documents $listLocalSessions produces for its spec ({}, {allUsers: true} or {users: [...]}). */
export function localSessions(state: ServerState, spec: unknown): Doc[] {
  if (!isPlainObject(spec))
    throw new MongoCommandError(14, "BSON field '$listLocalSessions' is the wrong type, expected type 'object'");
  for (const k of Object.keys(spec)) {
    if (k !== 'allUsers' && k !== 'users')
      throw new MongoCommandError(
        40415,
        `BSON field '$listLocalSessions.${k}' is an unknown field.`,
        {},
        'Location40415',
      );
  }
  if (spec.allUsers === true && spec.users !== undefined) {
    throw new MongoCommandError(
      31106,
      "The $listLocalSessions stage does not support matching on 'users' when 'allUsers' is true",
      {},
      'Location31106',
    );
  }
  // No user is authenticated, so a list of named users matches none of the sessions.
  if (Array.isArray(spec.users) && spec.users.length > 0) return [];
  return [...sessionsOf(state).values()].map((s) => ({ _id: { id: s.id, uid: EMPTY_USER_UID }, lastUse: s.lastUse }));
}
