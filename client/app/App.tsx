import { ThemeToggle } from '../features/theme/ThemeToggle.js';
import { ToastRegion } from '../ui/ToastRegion.js';
import { AppErrorBoundary } from './AppErrorBoundary.js';
import { AppRoutes } from './AppRoutes.js';

export function App() {
  return (
    <>
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
      <ToastRegion />
      <ThemeToggle />
    </>
  );
}
