import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { currentTheme, storedTheme, toggleTheme, type Theme } from './theme.js';
import styles from './ThemeToggle.module.css';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);

  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (!storedTheme()) setTheme(currentTheme());
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  return (
    <Button className={styles.toggle} aria-label="Toggle theme" onPress={() => setTheme(toggleTheme())} data-theme-state={theme}>
      {theme === 'dark' ? <Sun size={20} aria-hidden="true" /> : <Moon size={20} aria-hidden="true" />}
    </Button>
  );
}
