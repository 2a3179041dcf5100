import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { signOutEverywhere } from '../session/public.js';
import { AppearanceSettings } from './AppearanceSettings.js';
import { NotificationSettings } from './NotificationSettings.js';
import { TwoFactorSettings } from './TwoFactorSettings.js';

/** Settings: appearance, notifications, two-factor sign-in and sessions. */
export default function SettingsPage() {
  return (
    <section className={page.page} aria-labelledby="settings-title">
      <h1 id="settings-title" className={page.title}>
        Settings
      </h1>
      <AppearanceSettings />
      <NotificationSettings />
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
