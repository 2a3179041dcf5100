import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFound } from '../../app/NotFound.js';
import { PageStatus } from '../../app/PageStatus.js';
import { DashboardShell } from './shell/DashboardShell.js';

// One chunk per screen: the shell comes first, each page's code when it is visited.
const Overview = lazy(() => import('../overview/OverviewPage.js'));
const Plans = lazy(() => import('../plans/PlansPage.js'));
const Campaigns = lazy(() => import('../campaigns/CampaignsPage.js'));
const CampaignDetail = lazy(() => import('../campaigns/CampaignDetailPage.js'));
const Bonsai = lazy(() => import('../bonsai/BonsaiPage.js'));
const Calendar = lazy(() => import('../calendar/CalendarPage.js'));
const Profile = lazy(() => import('../profile/ProfilePage.js'));
const Settings = lazy(() => import('../settings/SettingsPage.js'));
const Support = lazy(() => import('../support/SupportPage.js'));
const Leads = lazy(() => import('../leads/LeadsPage.js'));
const ClientProgress = lazy(() => import('../clients/ClientProgressPage.js'));
const Calls = lazy(() => import('../calls/CallsPage.js'));
const Perks = lazy(() => import('../perks/PerksPage.js'));
const WaitlistAdmin = lazy(() => import('../admin/WaitlistAdminPage.js'));
const AdminQueues = lazy(() => import('../admin/QueuesPage.js'));
const AdminPayouts = lazy(() => import('../admin/PayoutsPage.js'));
const Materials = lazy(() => import('../resources/MaterialsPage.js'));
const Scripts = lazy(() => import('../resources/ScriptsPage.js'));
const VoiceNotes = lazy(() => import('../resources/VoiceNotesPage.js'));
const AiRebuttals = lazy(() => import('../resources/AiRebuttalsPage.js'));
const LeadManagement = lazy(() => import('../lead-management/LeadManagementPage.js'));
const Community = lazy(() => import('../community/CommunityPage.js'));
const Insights = lazy(() => import('../insights/InsightsPage.js'));
const Notifications = lazy(() => import('../notifications/NotificationsPage.js'));

/**
 * Every signed-in route — /dashboard/*, /lead-management, /resources/* and /community — inside the shell.
 * Mounted at the root by client/app/AppRoutes.tsx (not nested), so the paths here are the real ones.
 * Each area's screen lives in its own folder (client/features/<area>/) and is replaced there.
 */
const SHELL_PATHS =
  /^\/(?:dashboard(?:\/(?:plans|campaigns(?:\/[^/]+)?|bonsai|leads|clients|calls|insights|calendar|perks(?:\/[^/]+)?|waitlist-admin|settings|support|profile|notifications))?|resources\/(?:materials|scripts|voice-notes|ai-rebuttals)|lead-management|community|admin\/(?:queues|payouts))\/?$/;

export default function DashboardRoutes() {
  return (
    <Switch>
      <Route path={SHELL_PATHS}>
        <ShellRoutes />
      </Route>
      {/* An unknown path gets the plain not-found page, not one inside the shell. */}
      <Route component={NotFound} />
    </Switch>
  );
}

function ShellRoutes() {
  return (
    <DashboardShell>
      <Suspense fallback={<PageStatus />}>
        <Switch>
          <Route path="/dashboard" component={Overview} />
          <Route path="/dashboard/notifications" component={Notifications} />
          <Route path="/dashboard/plans" component={Plans} />
          <Route path="/dashboard/campaigns" component={Campaigns} />
          <Route path="/dashboard/campaigns/:id" component={CampaignDetail} />
          <Route path="/dashboard/bonsai" component={Bonsai} />
          <Route path="/dashboard/leads" component={Leads} />
          <Route path="/dashboard/clients" component={ClientProgress} />
          <Route path="/dashboard/calls" component={Calls} />
          <Route path="/dashboard/insights" component={Insights} />
          <Route path="/dashboard/calendar" component={Calendar} />
          <Route path="/dashboard/perks" component={Perks} />
          <Route path="/dashboard/perks/:category" component={Perks} />
          <Route path="/dashboard/waitlist-admin" component={WaitlistAdmin} />
          <Route path="/admin/queues" component={AdminQueues} />
          <Route path="/admin/payouts" component={AdminPayouts} />
          <Route path="/dashboard/settings" component={Settings} />
          <Route path="/dashboard/support" component={Support} />
          <Route path="/dashboard/profile" component={Profile} />
          <Route path="/resources/materials" component={Materials} />
          <Route path="/resources/scripts" component={Scripts} />
          <Route path="/resources/voice-notes" component={VoiceNotes} />
          <Route path="/resources/ai-rebuttals" component={AiRebuttals} />
          <Route path="/lead-management" component={LeadManagement} />
          <Route path="/community" component={Community} />
        </Switch>
      </Suspense>
    </DashboardShell>
  );
}
