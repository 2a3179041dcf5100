import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/base.css';
import { App } from './app/App.js';
import { startSession } from './features/session/actions.js';
import { followSessionWithLiveConnection } from './features/session/live.js';
import { applyStoredTheme } from './features/theme/theme.js';
import { resumeWaitlistOutbox } from './features/landing/waitlist-outbox.js';

applyStoredTheme();
void startSession();
followSessionWithLiveConnection();
resumeWaitlistOutbox();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page (client/app/prerendered-paths.ts) arrives with its markup: React adopts it instead of redrawing.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
