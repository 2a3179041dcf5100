import { ChevronDown, Gift } from 'lucide-react';
import { MenuButton, MenuItem } from '../../../ui/Menu.js';
import styles from './Shell.module.css';

/** Spec 1 header: the Egypt Perks menu. */
export function PerksMenu() {
  return (
    <MenuButton
      label="Egypt Perks"
      trigger={
        <>
          <Gift size={18} aria-hidden="true" />
          <span className={styles.hideSmall}>Egypt Perks</span>
          <ChevronDown size={14} aria-hidden="true" />
        </>
      }
    >
      <MenuItem href="/dashboard/perks">All Perks</MenuItem>
      <MenuItem href="/dashboard/perks/travel" textValue="Free Trip Opportunities">
        <span className={styles.grow}>Free Trip Opportunities</span>
        <span className={[styles.navBadge, styles.badgeHot].join(' ')}>HOT</span>
      </MenuItem>
      <MenuItem href="/dashboard/perks/transport">Transport</MenuItem>
      <MenuItem href="/dashboard/perks/partnerships">Partnerships</MenuItem>
    </MenuButton>
  );
}
