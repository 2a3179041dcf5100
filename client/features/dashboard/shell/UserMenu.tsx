import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { useLocation } from 'wouter';
import { useEarnings } from '../../earnings/public.js';
import { signOut } from '../../session/public.js';
import { useSession } from '../../session/public.js';
import { Avatar } from '../../../ui/Avatar.js';
import { MenuButton, MenuItem } from '../../../ui/Menu.js';
import { formatCents } from '../../../ui/format.js';
import styles from './Shell.module.css';

export function UserMenu() {
  const { user } = useSession();
  const { stats } = useEarnings();
  const [, navigate] = useLocation();
  if (!user) return null;

  return (
    <MenuButton
      label={`${user.name}, account menu`}
      triggerLabel={null}
      width={280}
      trigger={
        <>
          <span aria-hidden="true">
            <Avatar name={user.name} seed={user.avatarSeed} size={32} />
          </span>
          <span className={styles.nameSmallHidden}>{user.name}</span>
          <ChevronDown size={14} aria-hidden="true" />
        </>
      }
      header={
        <div className={styles.userHeader}>
          <Avatar name={user.name} seed={user.avatarSeed} size={44} />
          <div>
            <div className={styles.userName}>{user.name}</div>
            <div className={styles.muted}>{user.email}</div>
          </div>
          <dl className={styles.userFigures}>
            <div>
              <dt>Deals closed</dt>
              <dd>{stats ? stats.dealsClosed : '—'}</dd>
            </div>
            <div>
              <dt>This month</dt>
              <dd>{stats ? formatCents(stats.monthlyEarnings) : '—'}</dd>
            </div>
          </dl>
        </div>
      }
    >
      <MenuItem href="/dashboard/profile">
        <User size={16} aria-hidden="true" />
        Profile
      </MenuItem>
      <MenuItem href="/dashboard/settings">
        <Settings size={16} aria-hidden="true" />
        Settings
      </MenuItem>
      <MenuItem
        id="logout"
        textValue="Log out"
        onAction={() => {
          void signOut().then((done) => {
            if (done) navigate('/login');
          });
        }}
      >
        <LogOut size={16} aria-hidden="true" />
        Log out
      </MenuItem>
    </MenuButton>
  );
}
