import { BONSAI_MAX_LEVEL, type BonsaiNode } from '../../../shared/schemas/bonsai/get.js';

export interface TreeUser {
  id: string;
  name: string;
  email: string;
  uplineId?: string;
}

export interface BuiltTree {
  tree: BonsaiNode;
  /** Level of every agent shown or counted, by id. */
  levels: Map<string, number>;
  /** Agents below `maxLevel` (counted, not shown). */
  deeperCount: number;
  /** Agents reached a second time through an `uplineId` cycle: left out. */
  refused: string[];
}

/**
 * The Bonsai from flat `uplineId` links: the root at level 0, its recruits at 1, theirs at 2... Levels up to
 * `maxLevel` are in the tree; deeper ones are only counted, and nothing below `depthCap` is walked at all.
 * Every agent appears once: a link that leads back to someone already placed (a cycle) is refused.
 */
export function buildBonsaiTree(
  root: TreeUser,
  users: TreeUser[],
  options: { maxLevel?: number; depthCap?: number } = {},
): BuiltTree {
  const maxLevel = options.maxLevel ?? BONSAI_MAX_LEVEL;
  const depthCap = options.depthCap ?? 25;
  const recruitsOf = new Map<string, TreeUser[]>();
  for (const user of users) {
    if (!user.uplineId) continue;
    const list = recruitsOf.get(user.uplineId) ?? [];
    list.push(user);
    recruitsOf.set(user.uplineId, list);
  }
  const tree: BonsaiNode = { id: root.id, name: root.name, email: root.email, level: 0, children: [] };
  const levels = new Map([[root.id, 0]]);
  const refused: string[] = [];
  let deeperCount = 0;
  let frontier: Array<{ user: TreeUser; node?: BonsaiNode; level: number }> = [{ user: root, node: tree, level: 0 }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { user, node, level } of frontier) {
      if (level >= depthCap) continue;
      for (const recruit of recruitsOf.get(user.id) ?? []) {
        if (levels.has(recruit.id)) {
          refused.push(recruit.id);
          continue;
        }
        const childLevel = level + 1;
        levels.set(recruit.id, childLevel);
        let child: BonsaiNode | undefined;
        if (childLevel <= maxLevel && node) {
          child = { id: recruit.id, name: recruit.name, email: recruit.email, level: childLevel, children: [] };
          node.children.push(child);
        } else {
          deeperCount++;
        }
        next.push({ user: recruit, node: child, level: childLevel });
      }
    }
    frontier = next;
  }
  return { tree, levels, deeperCount, refused };
}
