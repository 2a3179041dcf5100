import { useEffect, useState } from 'react';
import styles from './DollarRain.module.css';

const DOLLARS = Array.from({ length: 14 }, (_, index) => ({
  left: (index * 37) % 100,
  delay: (index * 1.3) % 9,
  duration: 9 + ((index * 7) % 6),
  size: 1 + ((index * 5) % 4) * 0.35,
}));

/**
 * Decoration only: hidden from assistive technology, and still when the user asks for reduced motion.
 * The dollars start above the hero and fall in after their delay, so the first frame shows none of them: they are
 * added once that frame is painted, which keeps 14 animated layers out of the landing page's first paint.
 */
export function DollarRain() {
  const [falling, setFalling] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setFalling(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div className={styles.rain} aria-hidden="true" data-testid="dollar-rain">
      {falling &&
        DOLLARS.map((dollar, index) => (
          <span
            key={index}
            className={styles.dollar}
            style={{
              left: `${dollar.left}%`,
              animationDelay: `${dollar.delay}s`,
              animationDuration: `${dollar.duration}s`,
              fontSize: `${dollar.size}rem`,
            }}
          >
            $
          </span>
        ))}
    </div>
  );
}
