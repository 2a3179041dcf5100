import { useEffect, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import page from '../../ui/Page.module.css';
import { applyStoredTheme, storedTheme } from '../theme/public.js';
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

/** The theme: light, dark or the device's; kept in this browser like the floating toggle's choice. */
export function AppearanceSettings() {
  const [theme, setTheme] = useState<ThemeChoice>(() => storedTheme() ?? 'system');
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

  return (
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
  );
}
