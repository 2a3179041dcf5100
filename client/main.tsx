import { StrictMode, startTransition } from 'react';
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
// As a transition, the hydration is done in slices that let the browser paint the page in between (a click or a key
// meanwhile makes React finish it at once, so that the event is handled by the started app).
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
