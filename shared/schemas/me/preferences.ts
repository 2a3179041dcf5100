import { Type, type Static } from 'typebox';
import { NOTIFICATION_TYPES, type NotificationType } from '../notifications/list.js';

/** One notification type: stored and listed in the bell menu (`inApp`), and popped up as a toast (`toast`). */
export const NotificationChannelPrefs = Type.Object(
  { inApp: Type.Boolean(), toast: Type.Boolean() },
  { additionalProperties: false },
);
export type NotificationChannelPrefs = Static<typeof NotificationChannelPrefs>;

export const PreferencesMessages = {
  invalid: 'Please choose on or off for each notification.',
  savedTitle: 'Preferences saved',
} as const;

/**
 * `GET|PUT /api/me/preferences`. PUT replaces the stored choices; a type it leaves out goes back to the
 * default (on). GET always answers every type.
 */
export const PreferencesBody = Type.Object(
  {
    notifications: Type.Object(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, Type.Optional(NotificationChannelPrefs)])) as Record<
        NotificationType,
        ReturnType<typeof Type.Optional<typeof NotificationChannelPrefs>>
      >,
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, errorMessage: PreferencesMessages.invalid },
);
export type PreferencesBody = Static<typeof PreferencesBody>;

export const PreferencesResponse = Type.Object({
  notifications: Type.Object(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, NotificationChannelPrefs])) as Record<
      NotificationType,
      typeof NotificationChannelPrefs
    >,
  ),
});
export type NotificationPreferences = Record<NotificationType, NotificationChannelPrefs>;
export type PreferencesResponse = { notifications: NotificationPreferences };

const DEFAULT_CHANNEL_PREFS: NotificationChannelPrefs = { inApp: true, toast: true };

/** Every type, stored choices over the defaults. */
export function completePreferences(
  stored: Partial<Record<string, Partial<NotificationChannelPrefs>>> | undefined,
): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      {
        inApp: stored?.[type]?.inApp ?? DEFAULT_CHANNEL_PREFS.inApp,
        toast: stored?.[type]?.toast ?? DEFAULT_CHANNEL_PREFS.toast,
      },
    ]),
  ) as NotificationPreferences;
}
