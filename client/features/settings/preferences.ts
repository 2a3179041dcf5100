import { proxy, subscribe, useSnapshot } from 'valtio';
import {
  completePreferences,
  type NotificationChannelPrefs,
  type NotificationPreferences,
} from '../../../shared/schemas/me/preferences.js';
import type { NotificationType } from '../../../shared/schemas/notifications/list.js';
import { api } from '../../api/client.js';
import { session } from '../session/public.js';

/**
 * Notification preferences live on the server (`GET|PUT /api/me/preferences`): a type turned off in the app is
 * never stored or pushed; `toast` decides whether a pushed one also pops up. The settings page shows them by group.
 */
export const PREFERENCE_GROUPS = [
  { id: 'leads', label: 'New and reassigned leads', types: ['lead-assigned', 'lead-reassigned', 'import-finished'] },
  { id: 'team', label: 'New recruits in my Bonsai', types: ['downline-joined'] },
  { id: 'money', label: 'Payouts and clawbacks', types: ['payout-completed', 'commission-clawback'] },
  { id: 'community', label: 'Likes and comments on my posts', types: ['post-liked', 'post-commented'] },
  { id: 'account', label: 'Role requests', types: ['role-request-decided'] },
  { id: 'calls', label: 'Voicemails from leads', types: ['voicemail'] },
] as const satisfies readonly { id: string; label: string; types: readonly NotificationType[] }[];

export type PreferenceGroup = (typeof PREFERENCE_GROUPS)[number];

interface PreferencesState {
  notifications: NotificationPreferences;
  /** The user whose choices are loaded (another account may sign in in this tab). */
  loadedFor: string | null;
}

export const preferences = proxy<PreferencesState>({ notifications: completePreferences(undefined), loadedFor: null });

export const usePreferences = () => useSnapshot(preferences);

let loading: Promise<void> | null = null;

export function loadPreferences(): Promise<void> {
  const userId = session.user?.id ?? null;
  if (!userId) return Promise.resolve();
  loading ??= api('/api/me/preferences', { quiet: true })
    .then((answer) => {
      if (session.user?.id !== userId) return;
      preferences.notifications = completePreferences(answer.notifications);
      preferences.loadedFor = userId;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

function followSessionUser(): void {
  const userId = session.user?.id ?? null;
  if (userId === preferences.loadedFor) return;
  if (!userId) {
    preferences.notifications = completePreferences(undefined);
    preferences.loadedFor = null;
    return;
  }
  loadPreferences().catch(() => undefined);
}

// The toast decision must know the signed-in user's choices before their first live notification arrives; this
// module may load after the session started (lazy routes), so it looks once now and then follows the session.
followSessionUser();
subscribe(session, followSessionUser);

/** A group is on for a channel when every type in it is. */
export function groupChoice(
  prefs: NotificationPreferences,
  group: PreferenceGroup,
  channel: keyof NotificationChannelPrefs,
): boolean {
  return group.types.every((type) => prefs[type][channel]);
}

/** Sets one channel for every type of the group and saves; the server's answer is what stays. */
export async function saveGroupChoice(
  group: PreferenceGroup,
  channel: keyof NotificationChannelPrefs,
  value: boolean,
): Promise<void> {
  const previous = completePreferences(preferences.notifications);
  const next = completePreferences(preferences.notifications);
  for (const type of group.types) next[type] = { ...next[type], [channel]: value };
  preferences.notifications = next;
  try {
    const answer = await api('/api/me/preferences', { method: 'PUT', body: { notifications: next } });
    preferences.notifications = completePreferences(answer.notifications);
  } catch (error) {
    preferences.notifications = previous;
    throw error;
  }
}

export function wantsToast(type: NotificationType): boolean {
  const choice = preferences.notifications[type];
  return choice ? choice.inApp && choice.toast : true;
}
