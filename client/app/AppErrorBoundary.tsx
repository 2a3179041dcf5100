import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './AppErrorBoundary.module.css';

interface State {
  error: Error | null;
}

/** The router's fallback screen: any render error (or a route chunk that failed to load) lands here. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected Application Error!', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className={styles.page}>
        <h1>Unexpected Application Error!</h1>
        <p className={styles.message}>{error.message}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <a href="/" className={styles.link}>
            Return to Home
          </a>
        </div>
      </main>
    );
  }
}
