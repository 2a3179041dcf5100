import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LandingPage } from '../features/landing/LandingPage.js';
import { RedirectIfSignedIn, RequireSession } from './guards.js';
import { NotFound } from './NotFound.js';
import { PageStatus } from './PageStatus.js';

// The landing page ships in the entry; everything else is fetched when its route is visited.
const LoginPage = lazy(() => import('../features/auth/LoginPage.js'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage.js'));
const RoleSelectionPage = lazy(() => import('../features/auth/RoleSelectionPage.js'));
const JoinPage = lazy(() => import('../features/auth/JoinPage.js'));
const LegalPage = lazy(() => import('../features/legal/LegalPage.js'));
const DashboardRoutes = lazy(() => import('../features/dashboard/DashboardRoutes.js'));

const SIGNED_IN_AREAS = /^\/(?:dashboard|lead-management|resources|community|admin\/(?:queues|payouts))(?:\/.*)?$/;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageStatus />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/login">
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/verify" component={VerifyPage} />
        <Route path="/role-selection" component={RoleSelectionPage} />
        <Route path="/join/:referralCode" component={JoinPage} />
        <Route path="/terms">
          <LegalPage document="terms" />
        </Route>
        <Route path="/privacy">
          <LegalPage document="privacy" />
        </Route>
        {/* The signed-in areas share the dashboard shell; their paths are matched inside DashboardRoutes. */}
        <Route path={SIGNED_IN_AREAS}>
          <RequireSession>
            <DashboardRoutes />
          </RequireSession>
        </Route>
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
