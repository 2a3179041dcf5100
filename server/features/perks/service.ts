import {
  PERK_CATEGORIES,
  PERK_TABS,
  type PerkCategory,
  type PerkItem,
  type PerkList,
} from '../../../shared/schemas/perks/list.js';
import type { Platform } from '../../platform/context.js';
import { findLivePerks, upsertPerk, type PerkDoc } from './repository.js';

function categoryFrom(value: string | undefined): PerkCategory | undefined {
  const key = value?.trim().toLowerCase();
  if (!key) return undefined;
  if (Object.hasOwn(PERK_TABS, key)) return PERK_TABS[key];
  return (PERK_CATEGORIES as readonly string[]).includes(key) ? (key as PerkCategory) : undefined;
}

function toPerkItem(perk: PerkDoc): PerkItem {
  return {
    id: perk._id.toHexString(),
    title: perk.title,
    description: perk.description,
    location: perk.location,
    discount: perk.discount,
    category: perk.category,
    isNew: perk.isNew,
    isLimited: perk.isLimited,
    ...(perk.validUntil ? { validUntil: perk.validUntil.toISOString() } : {}),
    code: perk.code,
    ...(perk.link ? { link: perk.link } : {}),
  };
}

export async function listPerks(platform: Platform, query: { category?: string; q?: string }): Promise<PerkList> {
  const docs = await findLivePerks(platform.db, platform.clock.now(), {
    category: categoryFrom(query.category),
    q: query.q,
  });
  return { items: docs.map(toPerkItem) };
}

export type NewPerk = Omit<PerkDoc, '_id' | 'createdAt'>;

export async function savePerk(platform: Platform, perk: NewPerk): Promise<void> {
  await upsertPerk(platform.db, perk, platform.clock.now());
}
