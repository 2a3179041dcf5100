import { useEffect, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { NotificationChannelPrefs } from '../../../shared/schemas/me/preferences.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { signOutEverywhere } from '../session/public.js';
import { applyStoredTheme, storedTheme } from '../theme/public.js';
import {
  groupChoice,
  loadPreferences,
  PREFERENCE_GROUPS,
  saveGroupChoice,
  usePreferences,
  type PreferenceGroup,
} from './preferences.js';
import { TwoFactorSettings } from './TwoFactorSettings.js';
import styles from './Settings.module.css';

type ThemeChoice = 'light' | 'dark' | 'system';

function chooseTheme(choice: ThemeChoice): void {
  try {
    // The same key the floating toggle uses; no key means "follow the system".
    if (choice === 'system') localStorage.removeItem('theme');
    else localStorage.setItem('theme', choice);
  } catch {
    // Without storage the choice below still applies to this page.
    if (choice !== 'system') document.documentElement.dataset.theme = choice;
    return;
  }
  applyStoredTheme();
}

function choose(group: PreferenceGroup, channel: keyof NotificationChannelPrefs, value: boolean): void {
  saveGroupChoice(group, channel, value)
    .then(() => toast({ title: 'Preferences saved', variant: 'success' }))
    .catch(() => undefined); // The API client showed why; the previous choice is back on screen.
}

export default function SettingsPage() {
  const [theme, setTheme] = useState<ThemeChoice>(() => storedTheme() ?? 'system');
  const prefs = usePreferences();
  useEffect(() => {
    // The floating toggle (or another tab) changes the theme too: the choice shown follows it.
    const follow = () => setTheme(storedTheme() ?? 'system');
    const observer = new MutationObserver(follow);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    window.addEventListener('storage', follow);
    return () => {
      observer.disconnect();
      window.removeEventListener('storage', follow);
    };
  }, []);
  useEffect(() => {
    // Another tab may have changed them.
    loadPreferences().catch(() => undefined);
  }, []);

  return (
    <section className={page.page} aria-labelledby="settings-title">
      <h1 id="settings-title" className={page.title}>
        Settings
      </h1>
      <section className={page.card} aria-labelledby="appearance-title">
        <h2 id="appearance-title" className={page.cardTitle}>
          Appearance
        </h2>
        <RadioGroup
          value={theme}
          onChange={(value) => {
            const choice = value as ThemeChoice;
            setTheme(choice);
            chooseTheme(choice);
          }}
          className={styles.radioGroup}
        >
          <Label className={styles.groupLabel}>Theme</Label>
          <div className={page.row}>
            {(['light', 'dark', 'system'] as const).map((choice) => (
              <Radio key={choice} value={choice} className={styles.radio}>
                {choice === 'system' ? 'Same as my device' : choice === 'light' ? 'Light' : 'Dark'}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      </section>
      <section className={page.card} aria-labelledby="notification-settings-title">
        <h2 id="notification-settings-title" className={page.cardTitle}>
          Notifications
        </h2>
        <p className={page.muted}>
          Choose which notifications you receive in the bell menu, and which of those also pop up while you work. Saved
          to your account.
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
      <TwoFactorSettings />
      <section className={page.card} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className={page.cardTitle}>
          Sessions
        </h2>
        <p className={page.muted}>Signs you out on every device and in every tab, this one included.</p>
        <Button variant="secondary" onPress={() => void signOutEverywhere()}>
          Sign out of all sessions
        </Button>
      </section>
    </section>
  );
}
