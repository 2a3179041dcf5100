import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter, type Parser } from 'wouter';
import { NotFound } from './NotFound.js';
import { PageStatus } from './PageStatus.js';
import { DashboardShell } from '../features/dashboard/shell/DashboardShell.js';

// One chunk per screen: the shell comes first, each page's code when it is visited.
const Overview = lazy(() => import('../features/overview/OverviewPage.js'));
const Plans = lazy(() => import('../features/plans/PlansPage.js'));
const Campaigns = lazy(() => import('../features/campaigns/CampaignsPage.js'));
const CampaignDetail = lazy(() => import('../features/campaigns/CampaignDetailPage.js'));
const Bonsai = lazy(() => import('../features/bonsai/BonsaiPage.js'));
const Calendar = lazy(() => import('../features/calendar/CalendarPage.js'));
const Profile = lazy(() => import('../features/profile/ProfilePage.js'));
const Settings = lazy(() => import('../features/settings/SettingsPage.js'));
const Support = lazy(() => import('../features/support/SupportPage.js'));
const Leads = lazy(() => import('../features/leads/LeadsPage.js'));
const ClientProgress = lazy(() => import('../features/clients/ClientProgressPage.js'));
const Calls = lazy(() => import('../features/calls/CallsPage.js'));
const Perks = lazy(() => import('../features/perks/PerksPage.js'));
const WaitlistAdmin = lazy(() => import('../features/admin/WaitlistAdminPage.js'));
const AdminQueues = lazy(() => import('../features/admin/QueuesPage.js'));
const AdminPayouts = lazy(() => import('../features/admin/PayoutsPage.js'));
const Materials = lazy(() => import('../features/resources/MaterialsPage.js'));
const Scripts = lazy(() => import('../features/resources/ScriptsPage.js'));
const VoiceNotes = lazy(() => import('../features/resources/VoiceNotesPage.js'));
const AiRebuttals = lazy(() => import('../features/resources/AiRebuttalsPage.js'));
const LeadManagement = lazy(() => import('../features/lead-management/LeadManagementPage.js'));
const Community = lazy(() => import('../features/community/CommunityPage.js'));
const Insights = lazy(() => import('../features/insights/InsightsPage.js'));
const Notifications = lazy(() => import('../features/notifications/NotificationsPage.js'));

/**
 * Every signed-in route — /dashboard/*, /lead-management, /resources/* and /community — inside the shell, in the order
 * they are matched. Mounted at the root by client/app/AppRoutes.tsx (not nested), so the paths here are the real ones.
 * This list is the only place a screen's path is written: the shell is shown for exactly these paths, so a page added
 * here cannot be missed by a hand-kept pattern and show the not-found page.
 */
export const SHELL_ROUTES: ReadonlyArray<{ path: string; page: ComponentType }> = [
  { path: '/dashboard', page: Overview },
  { path: '/dashboard/notifications', page: Notifications },
  { path: '/dashboard/plans', page: Plans },
  { path: '/dashboard/campaigns', page: Campaigns },
  { path: '/dashboard/campaigns/:id', page: CampaignDetail },
  { path: '/dashboard/bonsai', page: Bonsai },
  { path: '/dashboard/leads', page: Leads },
  { path: '/dashboard/clients', page: ClientProgress },
  { path: '/dashboard/calls', page: Calls },
  { path: '/dashboard/insights', page: Insights },
  { path: '/dashboard/calendar', page: Calendar },
  { path: '/dashboard/perks', page: Perks },
  { path: '/dashboard/perks/:category', page: Perks },
  { path: '/dashboard/waitlist-admin', page: WaitlistAdmin },
  { path: '/admin/queues', page: AdminQueues },
  { path: '/admin/payouts', page: AdminPayouts },
  { path: '/dashboard/settings', page: Settings },
  { path: '/dashboard/support', page: Support },
  { path: '/dashboard/profile', page: Profile },
  { path: '/resources/materials', page: Materials },
  { path: '/resources/scripts', page: Scripts },
  { path: '/resources/voice-notes', page: VoiceNotes },
  { path: '/resources/ai-rebuttals', page: AiRebuttals },
  { path: '/lead-management', page: LeadManagement },
  { path: '/community', page: Community },
];

/** Whether `location` is one of the shell's screens, matched the way wouter's `<Route>` matches it. */
export function isShellPath(parser: Parser, location: string): boolean {
  return SHELL_ROUTES.some(({ path }) => matchRoute(parser, path, location)[0]);
}

export default function DashboardRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  // An unknown path gets the plain not-found page, not one inside the shell.
  if (!isShellPath(parser, location)) return <NotFound />;
  return (
    <DashboardShell>
      <Suspense fallback={<PageStatus />}>
        <Switch>
          {SHELL_ROUTES.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
        </Switch>
      </Suspense>
    </DashboardShell>
  );
}
