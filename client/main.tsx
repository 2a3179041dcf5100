import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
