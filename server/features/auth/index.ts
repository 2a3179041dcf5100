import type { Feature } from '../feature.js';
import { ensureAuthIndexes } from './repository.js';
import { authRoutes } from './routes.js';
import { DEMO_ACCOUNTS, demoAccountsSeedStep } from './seed.js';

export const authFeature: Feature = {
  name: 'auth',
  indexes: ensureAuthIndexes,
  routes: authRoutes,
  seed: demoAccountsSeedStep(() => DEMO_ACCOUNTS),
  access: {
    'POST /api/auth/register': 'public',
    'POST /api/auth/resend': 'public',
    'POST /api/auth/verify': 'public',
    'POST /api/auth/login': 'public',
    'POST /api/auth/login/2fa': 'public',
    'POST /api/auth/refresh': 'public',
    'POST /api/auth/logout': 'public',
    'POST /api/auth/logout-all': 'signedIn',
    'POST /api/auth/forgot': 'public',
    'POST /api/auth/reset': 'public',
  },
};
