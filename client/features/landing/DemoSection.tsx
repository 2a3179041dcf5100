import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CampaignsState } from './campaigns.js';
import styles from './Landing.module.css';

// The preview sits near the bottom of the page: its code arrives when the visitor gets close, or once the browser is idle.
const DemoWidget = lazy(() => import('./demo/DemoWidget.js'));

function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: '800px' },
    );
    observer.observe(ref.current);
    const idle =
      window.requestIdleCallback?.(() => setNear(true), { timeout: 3_000 }) ??
      window.setTimeout(() => setNear(true), 3_000);
    return () => {
      observer.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, [near]);
  return [ref, near];
}

export function DemoSection({ campaigns }: { campaigns: CampaignsState }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} className={styles.belowFoldSection} aria-labelledby="demo-title">
      <h2 id="demo-title" className={styles.sectionTitle}>
        Your Dashboard, Before You Even Start
      </h2>
      <p className={styles.sectionIntro}>
        A preview with a sample agent: leads, earnings, the Bonsai referral tree and campaigns.
      </p>
      <div className={styles.demoSlot}>
        {near ? (
          <Suspense fallback={<p role="status">Loading the preview...</p>}>
            <DemoWidget campaigns={campaigns} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
