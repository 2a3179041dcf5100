import { demoAccountsSeedStep } from '../features/auth/seed.js';
import { campaignsSeedStep } from '../features/campaigns/seed.js';
import { postsSeedStep } from '../features/community/seed.js';
import { dealsSeedStep } from '../features/deals/seed.js';
import { callsSeedStep } from '../features/dialer/seed.js';
import { leadsSeedStep } from '../features/leads/seed.js';
import { perksSeedStep } from '../features/perks/seed.js';
import { rebuttalsSeedStep } from '../features/rebuttals/seed.js';
import { scriptsSeedStep } from '../features/scripts/seed.js';
import type { Platform } from '../platform/context.js';

/** One step of the demo data, written through the same services the API uses. Each step is idempotent. */
export interface SeedStep {
  name: string;
  run(platform: Platform): Promise<void>;
}

/** Steps in dependency order (users before campaigns before leads...). Features append theirs here. */
export const seedSteps: SeedStep[] = [demoAccountsSeedStep(() => DEMO_ACCOUNTS), campaignsSeedStep, leadsSeedStep, perksSeedStep, scriptsSeedStep, rebuttalsSeedStep, dealsSeedStep, postsSeedStep, callsSeedStep];

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'admin', name: 'Ada Admin' },
  { email: 'owner@demo.test', role: 'owner', name: 'Omar Owner' },
  { email: 'agent@demo.test', role: 'sales', name: 'Alex Warrior' },
  { email: 'agent2@demo.test', role: 'sales', name: 'Bianca Closer', upline: 'agent@demo.test' },
  { email: 'agent3@demo.test', role: 'sales', name: 'Carlos Opener', upline: 'agent2@demo.test' },
  { email: 'agent4@demo.test', role: 'sales', name: 'Dina Fullstack', upline: 'agent3@demo.test' },
] as const;

export async function seedDemoData(platform: Platform): Promise<void> {
  if (platform.config.env === 'production') return;
  for (const step of seedSteps) {
    platform.log.debug({ step: step.name }, 'seeding');
    await step.run(platform);
  }
}
