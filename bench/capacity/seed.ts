// The people of a capacity run, written through the app's own services before anything is measured: owners (one
// per 50 agents, each with an active campaign whose time zone is in daytime now, so calling hours allow the calls),
// team leads (one per 10 agents, sales users whose downline the agents are), and the agents, each a member of a
// campaign with enough leads of their own to call for the whole run. The local carrier has one number that answers
// and stays up, the lead phone's echo 555-010-0005 (echoes until the caller hangs up, so the agent decides the talk
// time): every lead keeps a number of its own (a campaign holds a number once) and the agent's queue dials the echo
// number for it, with the lead's id, so the lead's checks, disposition and deal are the lead's.
// One person signs up through the real services; the others are copies of that document with their own id, e-mail
// and referral code (the same password hash), as bench/suite/server-node.ts makes users: a scrypt per person would
// cost CPU the run wants for itself.
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { assignRoleDirectly } from '../../server/features/auth/accounts.js';
import { register, verifyRegistration } from '../../server/features/auth/service.js';
import { createCampaign, joinCampaign } from '../../server/features/campaigns/service.js';
import { insertLeads } from '../../server/features/leads/repository.js';
import { findUserById, usersCollection, type UserDoc } from '../../server/features/users/repository.js';
import { loadConfig } from '../../server/platform/config.js';
import { createLogger } from '../../server/platform/logger.js';
import { startRuntime } from '../../server/runtime.js';
import { zoneWithLocalHour } from '../../tests/support/dialer.js';
import { assignedLead } from '../suite/assigned-lead.js';
import type { Deployment } from './deployment.js';

export const ECHO_NUMBER = '5550100005';
const PASSWORD = 'Capacity-bench-quiet-river-2026';

export interface Person {
  role: 'agent' | 'team lead' | 'owner';
  userId: string;
  email: string;
  password: string;
  name: string;
  campaignId: string;
  /** Agents: the leads they call, in order. */
  leads: Array<{ id: string; name: string }>;
}

export async function seedPeople(
  deployment: Deployment,
  counts: { agents: number; leadsPerAgent: number },
): Promise<Person[]> {
  // The app's services need a platform: a runtime with neither API nor workers, on the node's database and Redis,
  // stopped again before the run starts (its phone provider is the simulator: it places no call).
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    MONGO_URL: deployment.mongoUrl,
    REDIS_URL: deployment.redisUrl,
    REDIS_PREFIX: deployment.redisPrefix,
    JWT_SECRET: deployment.jwtSecret,
    DATA_DIR: deployment.dataDir,
    LOG_LEVEL: 'error',
    MAIL_URL: '',
  });
  const runtime = await startRuntime(config, {
    api: false,
    workers: false,
    embedded: false,
    seed: false,
    log: createLogger('error', 'bench-seed'),
  });
  try {
    const platform = runtime.platform;
    const tag = randomBytes(3).toString('hex');
    const email = `capacity-${tag}-template@bench.test`;
    const { code } = await register(platform, {
      name: 'Capacity Template',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
    });
    const template = await verifyRegistration(platform, email, code);
    let serial = 0;
    const copy = (name: string, uplineId?: ObjectId): UserDoc => {
      serial++;
      return {
        ...template,
        _id: new ObjectId(),
        email: `capacity-${tag}-${serial}@bench.test`,
        name,
        referralCode: `C${tag}${serial}`.toUpperCase(),
        avatarSeed: `capacity-${tag}-${serial}`,
        ...(uplineId ? { uplineId } : {}),
      };
    };
    const person = (role: Person['role'], user: UserDoc, campaignId: string): Person => ({
      role,
      userId: user._id.toHexString(),
      email: user.email,
      password: PASSWORD,
      name: user.name,
      campaignId,
      leads: [],
    });

    const people: Person[] = [];
    const ownerCount = Math.max(1, Math.ceil(counts.agents / 50));
    const leadCount = Math.max(1, Math.ceil(counts.agents / 10));
    const campaigns: string[] = [];
    for (let i = 0; i < ownerCount; i++) {
      const doc = copy(`Owner ${i + 1}`);
      await usersCollection(platform.db).insertOne(doc);
      await assignRoleDirectly(platform, doc._id, 'owner');
      const owner = (await findUserById(platform.db, doc._id))!;
      const campaign = await createCampaign(platform, owner, {
        name: `Capacity Hotel ${tag} ${i + 1}`,
        description: 'Capacity benchmark campaign',
        status: 'active',
        roleNeeded: 'Both',
        payoutRange: '$500-$2500',
        commissionStructure: { opener: 10, closer: 15, fullStack: 30 },
        timeZone: zoneWithLocalHour(10, 18),
      } as never);
      campaigns.push(campaign.id);
      people.push(person('owner', owner, campaign.id));
    }
    const teamLeads: UserDoc[] = [];
    for (let i = 0; i < leadCount; i++) {
      const lead = copy(`Team Lead ${i + 1}`);
      await usersCollection(platform.db).insertOne(lead);
      await joinCampaign(platform, lead, campaigns[i % campaigns.length]!);
      teamLeads.push(lead);
      people.push(person('team lead', lead, campaigns[i % campaigns.length]!));
    }
    const now = new Date();
    for (let i = 0; i < counts.agents; i++) {
      const agent = copy(`Agent ${i + 1}`, teamLeads[Math.floor(i / 10)]!._id);
      await usersCollection(platform.db).insertOne(agent);
      const campaignId = campaigns[i % campaigns.length]!;
      await joinCampaign(platform, agent, campaignId);
      const leads = Array.from({ length: counts.leadsPerAgent }, (_, k) =>
        assignedLead(
          {
            campaignId,
            agentId: agent._id,
            name: `Lead ${i + 1}-${k + 1}`,
            email: `lead-${tag}-${i + 1}-${k + 1}@bench.test`,
            // Its own number (unique in the campaign, as imports keep it); the agent dials the echo number for it.
            phone: `1555${String(1_000_000 + i * 1000 + k).slice(-7)}`,
            index: k,
          },
          now,
        ),
      );
      await insertLeads(platform.db, leads);
      const seeded = person('agent', agent, campaignId);
      seeded.leads = leads.map((lead) => ({ id: lead._id.toHexString(), name: lead.name }));
      people.push(seeded);
    }
    return people;
  } finally {
    await runtime.stop();
  }
}
