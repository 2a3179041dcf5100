import styles from './Avatar.module.css';

const HUES = [142, 199, 262, 24, 330, 175, 45];

function hueFor(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return HUES[Math.abs(hash) % HUES.length];
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/**
 * Drawn locally from the seed: the same person always gets the same colour, and no third-party avatar
 * service sees who is looking at whom.
 */
export function Avatar({ name, seed, size = 40 }: { name: string; seed?: string; size?: number }) {
  const hue = hueFor(seed || name);
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.4, background: `hsl(${hue} 55% 32%)` }}
      role="img"
      aria-label={name}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
