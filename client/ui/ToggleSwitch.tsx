import type { ReactNode } from 'react';
import { Switch, type SwitchProps } from 'react-aria-components';
import styles from './ToggleSwitch.module.css';

export interface ToggleSwitchProps extends Omit<SwitchProps, 'children' | 'className'> {
  children: ReactNode;
}

/** An on/off switch with its label (Auto-dial, View as table): a track and a thumb that slides when it is on. */
export function ToggleSwitch({ children, ...props }: ToggleSwitchProps) {
  return (
    <Switch {...props} className={styles.switch}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {children}
    </Switch>
  );
}
