import { proxy, subscribe, useSnapshot } from 'valtio';
import type { NotificationType } from '../../../shared/schemas/notifications/list.js';

/**
 * Which live notifications also pop up as a toast. Kept in this browser (there is no server route for
 * preferences); every notification is still stored and listed in the header menu.
 */
export const PREFERENCE_GROUPS = [
  { id: 'leads', label: 'New and reassigned leads', types: ['lead-assigned', 'lead-reassigned', 'import-finished'] },
  { id: 'team', label: 'New recruits in my Bonsai', types: ['downline-joined'] },
  { id: 'money', label: 'Payouts and clawbacks', types: ['payout-completed', 'commission-clawback'] },
  { id: 'community', label: 'Likes and comments on my posts', types: ['post-liked', 'post-commented'] },
  { id: 'account', label: 'Role requests', types: ['role-request-decided'] },
] as const satisfies readonly { id: string; label: string; types: readonly NotificationType[] }[];

export type PreferenceGroup = (typeof PREFERENCE_GROUPS)[number]['id'];

const STORAGE_KEY = 'notification_preferences';

function read(): Record<PreferenceGroup, boolean> {
  const defaults = Object.fromEntries(PREFERENCE_GROUPS.map((group) => [group.id, true])) as Record<PreferenceGroup, boolean>;
  try {
    return { ...defaults, ...(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<PreferenceGroup, boolean>>) };
  } catch {
    return defaults;
  }
}

export const preferences = proxy(read());

subscribe(preferences, () => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
});

export const usePreferences = () => useSnapshot(preferences);

export function wantsToast(type: NotificationType): boolean {
  const group = PREFERENCE_GROUPS.find((candidate) => (candidate.types as readonly string[]).includes(type));
  return group ? preferences[group.id] : true;
}
