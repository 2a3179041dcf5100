import styles from './DollarRain.module.css';

const DOLLARS = Array.from({ length: 14 }, (_, index) => ({
  left: (index * 37) % 100,
  delay: (index * 1.3) % 9,
  duration: 9 + ((index * 7) % 6),
  size: 1 + ((index * 5) % 4) * 0.35,
}));

/** Decoration only: hidden from assistive technology, and still when the user asks for reduced motion. */
export function DollarRain() {
  return (
    <div className={styles.rain} aria-hidden="true" data-testid="dollar-rain">
      {DOLLARS.map((dollar, index) => (
        <span
          key={index}
          className={styles.dollar}
          style={{ left: `${dollar.left}%`, animationDelay: `${dollar.delay}s`, animationDuration: `${dollar.duration}s`, fontSize: `${dollar.size}rem` }}
        >
          $
        </span>
      ))}
    </div>
  );
}
