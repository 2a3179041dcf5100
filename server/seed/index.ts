import { DEMO_ACCOUNTS } from '../features/auth/seed.js';
import type { SeedStep } from '../features/feature.js';
import { features } from '../features/index.js';
import type { Platform } from '../platform/context.js';

export type { SeedStep } from '../features/feature.js';
export { DEMO_ACCOUNTS };

/**
 * The features' demo data steps, each after the steps it names in `after`; among steps that may run, the first in
 * the feature list goes first (users before campaigns before leads...).
 */
export function orderSeedSteps(steps: SeedStep[]): SeedStep[] {
  const done = new Set<string>();
  const ordered: SeedStep[] = [];
  const left = [...steps];
  while (left.length > 0) {
    const next = left.findIndex((step) => (step.after ?? []).every((name) => done.has(name)));
    if (next < 0)
      throw new Error(`seed steps wait on each other or on a missing step: ${left.map((s) => s.name).join(', ')}`);
    const [step] = left.splice(next, 1);
    ordered.push(step);
    done.add(step.name);
  }
  return ordered;
}

export const seedSteps: SeedStep[] = orderSeedSteps(
  features.flatMap((feature) => (feature.seed ? [feature.seed] : [])),
);

export async function seedDemoData(platform: Platform): Promise<void> {
  if (platform.config.env === 'production') return;
  for (const step of seedSteps) {
    platform.log.debug({ step: step.name }, 'seeding');
    await step.run(platform);
  }
}
