import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import styles from './Tabs.module.css';

const join = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: Omit<TabsProps, 'className'> & { className?: string }) {
  return <AriaTabs {...props} className={join(styles.tabs, className)} />;
}

export function TabList<T extends object>({
  className,
  ...props
}: Omit<TabListProps<T>, 'className'> & { className?: string }) {
  return <AriaTabList {...props} className={join(styles.list, className)} />;
}

export function Tab({ className, ...props }: Omit<TabProps, 'className'> & { className?: string }) {
  return <AriaTab {...props} className={join(styles.tab, className)} />;
}

/** Panels fade in over 300 ms each time they are shown (spec: the demo widget's tab fade). */
export function TabPanel({ className, ...props }: Omit<TabPanelProps, 'className'> & { className?: string }) {
  return <AriaTabPanel {...props} className={join(styles.panel, className)} />;
}
