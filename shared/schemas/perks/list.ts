import { Type, type Static } from 'typebox';

export const PERK_CATEGORIES = ['shopping', 'travel', 'transport', 'partnership', 'hosting'] as const;
export type PerkCategory = (typeof PERK_CATEGORIES)[number];

/** The tabs of /dashboard/perks/{tab}: "partnerships" in the URL is the `partnership` category. */
export const PERK_TABS: Record<string, PerkCategory> = {
  shopping: 'shopping',
  travel: 'travel',
  transport: 'transport',
  partnerships: 'partnership',
};

export const PerkMessages = { copied: 'Discount code copied to clipboard', empty: 'No perks found' } as const;

export const PerkItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  location: Type.String(),
  discount: Type.String(),
  category: Type.Enum(PERK_CATEGORIES),
  isNew: Type.Boolean(),
  isLimited: Type.Boolean(),
  validUntil: Type.Optional(Type.String()),
  code: Type.String(),
  link: Type.Optional(Type.String()),
});
export type PerkItem = Static<typeof PerkItem>;

/**
 * `GET /api/perks?category=&q=`: `category` is a tab (shopping, travel, transport, partnerships) or a
 * category; any other value shows all (spec 2). `q` matches title or description, case-insensitive.
 * Expired perks (validUntil in the past) are never listed.
 */
export const PerkListQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 40 })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PerkListQuery = Static<typeof PerkListQuery>;

export const PerkList = Type.Object({ items: Type.Array(PerkItem) });
export type PerkList = Static<typeof PerkList>;
