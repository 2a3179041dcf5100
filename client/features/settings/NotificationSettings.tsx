import { useEffect } from 'react';
import type { NotificationChannelPrefs } from '../../../shared/schemas/me/preferences.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import {
  groupChoice,
  loadPreferences,
  PREFERENCE_GROUPS,
  saveGroupChoice,
  usePreferences,
  type PreferenceGroup,
} from './preferences.js';
import styles from './Settings.module.css';

function choose(group: PreferenceGroup, channel: keyof NotificationChannelPrefs, value: boolean): void {
  saveGroupChoice(group, channel, value)
    .then(() => toast({ title: 'Preferences saved', variant: 'success' }))
    .catch(() => undefined); // The API client showed why; the previous choice is back on screen.
}

/** Per kind of notification: shown in the bell menu, and popped up while the user works; saved to the account. */
export function NotificationSettings() {
  const prefs = usePreferences();
  useEffect(() => {
    // Another tab may have changed them.
    loadPreferences().catch(() => undefined);
  }, []);

  return (
    <section className={page.card} aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className={page.cardTitle}>
        Notifications
      </h2>
      <p className={page.muted}>
        Choose which notifications you receive in the bell menu, and which of those also pop up while you work. Saved to
        your account.
      </p>
      <div className={page.stack}>
        {PREFERENCE_GROUPS.map((group) => {
          const inApp = groupChoice(prefs.notifications, group, 'inApp');
          return (
            <fieldset key={group.id} className={styles.preference}>
              <legend className={styles.groupLabel}>{group.label}</legend>
              <div className={page.row}>
                <Checkbox isSelected={inApp} onChange={(selected) => choose(group, 'inApp', selected)}>
                  Show in notifications
                </Checkbox>
                <Checkbox
                  isSelected={inApp && groupChoice(prefs.notifications, group, 'toast')}
                  isDisabled={!inApp}
                  onChange={(selected) => choose(group, 'toast', selected)}
                >
                  Pop up
                </Checkbox>
              </div>
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}
