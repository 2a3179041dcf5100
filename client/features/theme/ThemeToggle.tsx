import { Moon, Sun } from 'lucide-react';
import { Button } from 'react-aria-components';
import { toggleTheme } from './theme.js';
import styles from './ThemeToggle.module.css';

/**
 * Both icons are rendered and the stylesheet shows the one for the theme in force (the stored choice on <html>, else
 * the system's): the prerendered page and its hydration are the same markup whatever the visitor chose, and the icon
 * follows a system change by itself.
 */
export function ThemeToggle() {
  return (
    <Button className={styles.toggle} aria-label="Toggle theme" onPress={() => toggleTheme()}>
      <Sun className={styles.sun} size={20} aria-hidden="true" />
      <Moon className={styles.moon} size={20} aria-hidden="true" />
    </Button>
  );
}
