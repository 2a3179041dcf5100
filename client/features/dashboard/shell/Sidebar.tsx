import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { WithTooltip } from '../../../ui/Tooltip.js';
import { isActive, MAIN_NAV, RESOURCES_NAV, type NavEntry } from './nav.js';
import styles from './Shell.module.css';

interface SidebarProps {
  collapsed: boolean;
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  /** The drawer and the desktop sidebar are both in the page; each landmark needs its own name. */
  label: string;
}

function Entry({
  entry,
  collapsed,
  location,
  onNavigate,
}: {
  entry: NavEntry;
  collapsed: boolean;
  location: string;
  onNavigate?: () => void;
}) {
  const active = isActive(entry.href, location);
  const Icon = entry.icon;
  return (
    <li>
      {/* Collapsed, the label is only read out; sighted users get it as a tooltip. */}
      <WithTooltip text={entry.label} isDisabled={!collapsed}>
        <Link
          href={entry.href}
          className={[styles.navLink, active ? styles.navActive : ''].join(' ')}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          <Icon size={20} aria-hidden="true" className={styles.navIcon} />
          <span className={collapsed ? 'visually-hidden' : styles.navLabel}>{entry.label}</span>
          {entry.badge ? (
            <span
              className={[
                styles.navBadge,
                entry.badge === 'NEW' ? styles.badgeNew : styles.badgeSoon,
                collapsed ? styles.badgeDot : '',
              ].join(' ')}
            >
              <span className={collapsed ? 'visually-hidden' : undefined}>{entry.badge}</span>
            </span>
          ) : null}
        </Link>
      </WithTooltip>
    </li>
  );
}

export function Sidebar({ collapsed, onToggleCollapsed, onNavigate, label }: SidebarProps) {
  const [location] = useLocation();
  const resourcesId = useId();
  return (
    <nav aria-label={label} className={[styles.sidebar, collapsed ? styles.collapsed : ''].join(' ')}>
      <Link href="/dashboard" className={styles.brand} onClick={onNavigate}>
        <span className={styles.brandMark} aria-hidden="true">
          CW
        </span>
        <span className={collapsed ? 'visually-hidden' : styles.brandName}>Commission Warriors</span>
      </Link>
      <ul className={styles.navList}>
        {MAIN_NAV.map((entry) => (
          <Entry key={entry.href} entry={entry} collapsed={collapsed} location={location} onNavigate={onNavigate} />
        ))}
      </ul>
      <h2 id={resourcesId} className={collapsed ? 'visually-hidden' : styles.navSection}>
        Resources
      </h2>
      <ul className={styles.navList} aria-labelledby={resourcesId}>
        {RESOURCES_NAV.map((entry) => (
          <Entry key={entry.href} entry={entry} collapsed={collapsed} location={location} onNavigate={onNavigate} />
        ))}
      </ul>
      {onToggleCollapsed ? (
        <WithTooltip text="Expand sidebar" isAriaControl isDisabled={!collapsed}>
          <Button
            className={styles.collapseButton}
            onPress={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
          >
            {collapsed ? <ChevronsRight size={18} aria-hidden="true" /> : <ChevronsLeft size={18} aria-hidden="true" />}
            <span className={collapsed ? 'visually-hidden' : undefined}>Collapse</span>
          </Button>
        </WithTooltip>
      ) : null}
    </nav>
  );
}
