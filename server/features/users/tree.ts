import { ObjectId, type Db } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { usersCollection } from './repository.js';

// The recruiting tree (each user's `uplineId`), read upwards for overrides and activity, downwards for the team pages.

export interface TreeUser {
  _id: ObjectId;
  name: string;
  email: string;
  avatarSeed: string;
  uplineId?: ObjectId;
  createdAt: Date;
}

export interface DownlineMember extends TreeUser {
  level: number;
}

/** Deepest level walked below a user; anything deeper is neither shown nor counted. */
const DOWNLINE_DEPTH_CAP = 25;
/** Most agents walked in one downline. */
const DOWNLINE_SIZE_CAP = 20_000;

const TREE_FIELDS = { name: 1, email: 1, avatarSeed: 1, uplineId: 1, createdAt: 1 } as const;

function findUplineOf(db: Db, userId: ObjectId): Promise<{ _id: ObjectId; uplineId?: ObjectId } | null> {
  return usersCollection(db).findOne({ _id: userId }, { projection: { uplineId: 1 } });
}

/** Users whose upline is one of `ids`. */
function findDirectRecruits(db: Db, ids: ObjectId[], limit: number): Promise<TreeUser[]> {
  return usersCollection(db)
    .find({ uplineId: { $in: ids } }, { projection: TREE_FIELDS, limit })
    .toArray() as Promise<TreeUser[]>;
}

export function findTreeUser(db: Db, id: ObjectId): Promise<TreeUser | null> {
  return usersCollection(db).findOne({ _id: id }, { projection: TREE_FIELDS }) as Promise<TreeUser | null>;
}

/**
 * A user's uplines, nearest first, at most `maxLevels`. Stops at a missing link and refuses cycles: a user
 * already seen (including the start) ends the chain, so a corrupted `uplineId` loop never pays anyone twice.
 */
export function uplineChain(
  startId: string,
  uplineOf: (userId: string) => string | undefined,
  maxLevels = 3,
): string[] {
  const seen = new Set([startId]);
  const chain: string[] = [];
  let current = startId;
  while (chain.length < maxLevels) {
    const next = uplineOf(current);
    if (!next || seen.has(next)) break;
    chain.push(next);
    seen.add(next);
    current = next;
  }
  return chain;
}

/** The user's uplines, nearest first, at most `levels`; a cycle in `uplineId` links ends the chain. */
export async function uplinesOf(platform: Platform, userId: ObjectId, levels: number): Promise<ObjectId[]> {
  const links = new Map<string, string | undefined>();
  let current = userId.toHexString();
  for (let i = 0; i < levels && !links.has(current); i++) {
    const next = (await findUplineOf(platform.db, new ObjectId(current)))?.uplineId?.toHexString();
    links.set(current, next);
    if (!next) break;
    current = next;
  }
  return uplineChain(userId.toHexString(), (id) => links.get(id), levels).map((id) => new ObjectId(id));
}

/**
 * Everyone below `rootId`, level by level, each agent once (a cycle is refused where it closes), at most
 * DOWNLINE_DEPTH_CAP levels and DOWNLINE_SIZE_CAP agents.
 */
export async function downlineOf(
  platform: Platform,
  rootId: ObjectId,
  maxLevel = DOWNLINE_DEPTH_CAP,
): Promise<DownlineMember[]> {
  const seen = new Set([rootId.toHexString()]);
  const members: DownlineMember[] = [];
  let frontier = [rootId];
  for (
    let level = 1;
    level <= Math.min(maxLevel, DOWNLINE_DEPTH_CAP) && frontier.length > 0 && members.length < DOWNLINE_SIZE_CAP;
    level++
  ) {
    const recruits = await findDirectRecruits(platform.db, frontier, DOWNLINE_SIZE_CAP - members.length);
    frontier = [];
    for (const recruit of recruits) {
      const id = recruit._id.toHexString();
      if (seen.has(id)) continue;
      seen.add(id);
      members.push({ ...recruit, level });
      frontier.push(recruit._id);
    }
  }
  return members;
}
