import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  type MenuItemProps,
} from 'react-aria-components';
import styles from './Menu.module.css';

export interface MenuButtonProps {
  /** Names the menu, and the trigger unless `triggerLabel` says otherwise. */
  label: string;
  /** `null` when the trigger's visible text already names it (an aria-label would hide that text). */
  triggerLabel?: string | null;
  trigger: ReactNode;
  children: ReactNode;
  /** Content above the items (e.g. the user's figures); not focusable. */
  header?: ReactNode;
  triggerClassName?: string;
  width?: number;
  onOpenChange?: (open: boolean) => void;
}

/** A button opening a popover menu; items are links or actions, navigable with the keyboard. */
export function MenuButton({
  label,
  triggerLabel,
  trigger,
  children,
  header,
  triggerClassName,
  width = 260,
  onOpenChange,
}: MenuButtonProps) {
  return (
    <MenuTrigger onOpenChange={onOpenChange}>
      <AriaButton
        aria-label={triggerLabel === null ? undefined : (triggerLabel ?? label)}
        className={[styles.trigger, triggerClassName ?? ''].join(' ')}
      >
        {trigger}
      </AriaButton>
      <Popover className={styles.popover} placement="bottom end" style={{ width }}>
        {header ? <div className={styles.header}>{header}</div> : null}
        <AriaMenu className={styles.menu} aria-label={label}>
          {children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem({ className, ...props }: Omit<MenuItemProps, 'className'> & { className?: string }) {
  return <AriaMenuItem {...props} className={[styles.item, className ?? ''].join(' ')} />;
}

/**
 * The menu's last items, kept in view at the bottom of the popover while the items above scroll (e.g. "Mark all as
 * read" under a long list of notifications).
 */
export function MenuFooter({ label, children }: { label: string; children: ReactNode }) {
  return (
    <MenuSection className={styles.footer} aria-label={label}>
      {children}
    </MenuSection>
  );
}
