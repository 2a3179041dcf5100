import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Checkbox } from '../../ui/Checkbox.js';
import page from '../dashboard/Page.module.css';
import { applyStoredTheme, storedTheme } from '../theme/theme.js';
import { PREFERENCE_GROUPS, preferences, usePreferences } from './preferences.js';
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

export default function SettingsPage() {
  const [theme, setTheme] = useState<ThemeChoice>(() => storedTheme() ?? 'system');
  const prefs = usePreferences();

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
        <p className={page.muted}>Every notification is kept in the bell menu. Choose which ones also pop up while you work (saved in this browser).</p>
        <div className={page.stack}>
          {PREFERENCE_GROUPS.map((group) => (
            <Checkbox
              key={group.id}
              isSelected={prefs[group.id]}
              onChange={(selected) => {
                preferences[group.id] = selected;
              }}
            >
              {group.label}
            </Checkbox>
          ))}
        </div>
      </section>
      <TwoFactorSettings />
    </section>
  );
}
