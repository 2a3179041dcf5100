import { describe, expect, it } from 'vitest';
import { buildBonsaiTree, type TreeUser } from '../../server/features/bonsai/tree.js';

const user = (id: string, uplineId?: string): TreeUser => ({
  id,
  name: id.toUpperCase(),
  email: `${id}@t.local`,
  ...(uplineId ? { uplineId } : {}),
});

describe('buildBonsaiTree', () => {
  it('places recruits by level 0-3 and only counts deeper levels', () => {
    const users = [
      user('a', 'root'),
      user('b', 'a'),
      user('c', 'b'),
      user('d', 'c'),
      user('e', 'd'),
      user('a2', 'root'),
      user('stranger'),
    ];
    const built = buildBonsaiTree(user('root'), users);
    expect(built.tree.children.map((n) => n.id)).toEqual(['a', 'a2']);
    const c = built.tree.children[0].children[0].children[0];
    expect([c.id, c.level, c.children]).toEqual(['c', 3, []]);
    expect(built.deeperCount).toBe(2); // d (level 4) and e (level 5)
    expect(built.levels.get('e')).toBe(5);
    expect(built.levels.has('stranger')).toBe(false);
    expect(built.refused).toEqual([]);
  });

  it('refuses a cycle: every agent appears once and the walk ends', () => {
    // root -> a -> b -> root again (a corrupted link), and b -> a.
    const users = [
      user('a', 'root'),
      user('b', 'a'),
      { ...user('root'), uplineId: 'b' },
      { ...user('a-dup'), id: 'a', uplineId: 'b' },
    ];
    const built = buildBonsaiTree(user('root'), users);
    expect(built.tree.children.map((n) => n.id)).toEqual(['a']);
    expect(built.tree.children[0].children.map((n) => n.id)).toEqual(['b']);
    expect(built.tree.children[0].children[0].children).toEqual([]);
    expect(built.refused.sort()).toEqual(['a', 'root']);
  });

  it('caps the depth it walks', () => {
    const users = Array.from({ length: 100 }, (_, i) => user(`n${i + 1}`, i === 0 ? 'root' : `n${i}`));
    const built = buildBonsaiTree(user('root'), users, { depthCap: 10 });
    expect(built.deeperCount).toBe(7); // levels 4-10
    expect(built.levels.has('n11')).toBe(false);
  });
});
