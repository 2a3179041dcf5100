import type { Role } from '../../../shared/types/user.js';
import type { SeedStep } from '../feature.js';
import { findUserByEmail, setUserUpline, type UserDoc } from '../users/public.js';
import { assignRoleDirectly, createVerifiedUser } from './accounts.js';
import { hashPassword } from './passwords.js';

export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  /** E-mail of the recruiter, for the demo downline. */
  upline?: string;
}

/** Password = config.demoPassword; `npm start` prints this list. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'admin', name: 'Ada Admin' },
  { email: 'owner@demo.test', role: 'owner', name: 'Omar Owner' },
  { email: 'agent@demo.test', role: 'sales', name: 'Alex Warrior' },
  { email: 'agent2@demo.test', role: 'sales', name: 'Bianca Closer', upline: 'agent@demo.test' },
  { email: 'agent3@demo.test', role: 'sales', name: 'Carlos Opener', upline: 'agent2@demo.test' },
  { email: 'agent4@demo.test', role: 'sales', name: 'Dina Fullstack', upline: 'agent3@demo.test' },
] as const;

/**
 * The demo accounts, verified, with password DEMO_PASSWORD and the referral code of their e-mail's local
 * part (AGENT, AGENT2...). Roles are set directly: the seed is trusted. Running it again changes nothing.
 */
export function demoAccountsSeedStep(accounts: () => readonly DemoAccount[]): SeedStep {
  return {
    name: 'demo accounts',
    async run(platform) {
      const byEmail = new Map<string, UserDoc>();
      for (const account of accounts()) {
        let user = await findUserByEmail(platform.db, account.email);
        if (!user) {
          user = await createVerifiedUser(platform, {
            email: account.email,
            name: account.name,
            passwordHash: await hashPassword(platform.config.demoPassword),
            referralCode: account.email.split('@')[0],
            avatarSeed: account.name,
          });
        }
        if (user.role !== account.role) await assignRoleDirectly(platform, user._id, account.role);
        byEmail.set(account.email, user);
      }
      for (const account of accounts()) {
        const upline = account.upline ? byEmail.get(account.upline) : undefined;
        const user = byEmail.get(account.email)!;
        if (upline && !user.uplineId?.equals(upline._id)) await setUserUpline(platform.db, user._id, upline._id);
      }
    },
  };
}
