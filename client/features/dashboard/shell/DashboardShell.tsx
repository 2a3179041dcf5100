import { Menu as MenuIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, Modal, ModalOverlay, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { followEarnings } from '../../earnings/public.js';
import { followNotifications } from '../../notifications/public.js';
import { useDashboardAccess } from '../../session/public.js';
import { NotificationsMenu } from './NotificationsMenu.js';
import { PerksMenu } from './PerksMenu.js';
import { SearchBox } from './SearchBox.js';
import { Sidebar } from './Sidebar.js';
import { UserMenu } from './UserMenu.js';
import styles from './Shell.module.css';
import { followRoleDecisions } from '../../session/public.js';

const COLLAPSED_KEY = 'sidebar_collapsed';

function storedCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The signed-in frame: sidebar (a drawer on small screens), header with search and menus, the page. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(storedCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [location, navigate] = useLocation();
  const access = useDashboardAccess();

  useEffect(() => {
    const stopNotifications = followNotifications();
    const stopEarnings = followEarnings();
    const stopRoleDecisions = followRoleDecisions();
    return () => {
      stopNotifications();
      stopEarnings();
      stopRoleDecisions();
    };
  }, []);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location]);

  const toggleCollapsed = () => {
    setCollapsed((current) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, current ? '0' : '1');
      } catch {
        // Not remembered; the sidebar still toggles.
      }
      return !current;
    });
  };

  return (
    <RouterProvider navigate={navigate}>
      <div className={[styles.shell, collapsed ? styles.shellCollapsed : ''].join(' ')}>
        <a href="#dashboard-main" className={styles.skipLink}>
          Skip to content
        </a>
        <div className={styles.desktopSidebar}>
          <Sidebar label="Dashboard" collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </div>
        <ModalOverlay isOpen={drawerOpen} onOpenChange={setDrawerOpen} isDismissable className={styles.drawerOverlay}>
          <Modal className={styles.drawer}>
            <Dialog aria-label="Dashboard menu" className={styles.drawerDialog}>
              <Sidebar label="Dashboard menu" collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </Dialog>
          </Modal>
        </ModalOverlay>
        <div className={styles.column}>
          <header className={styles.header}>
            <Button className={styles.drawerButton} aria-label="Open menu" onPress={() => setDrawerOpen(true)}>
              <MenuIcon size={22} aria-hidden="true" />
            </Button>
            <SearchBox />
            <div className={styles.headerActions}>
              <PerksMenu />
              <NotificationsMenu />
              <UserMenu />
            </div>
          </header>
          <main id="dashboard-main" className={styles.main} tabIndex={-1}>
            {access === 'denied' ? (
              <p className="page-status" role="alert">
                This is a demo. Please join the waitlist to get access.
              </p>
            ) : (
              children
            )}
          </main>
        </div>
      </div>
    </RouterProvider>
  );
}
