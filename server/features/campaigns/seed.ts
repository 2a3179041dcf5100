import { DEFAULT_OVERRIDE_PERCENT } from '../../../shared/constants.js';
import type { CampaignCreateBody } from '../../../shared/schemas/campaigns/save.js';
import type { SeedStep } from '../feature.js';
import { findUserByEmail, setActiveCampaign } from '../users/public.js';
import { addMembership, findCampaignBySlug } from './repository.js';
import { createCampaign } from './service.js';

const override = { ...DEFAULT_OVERRIDE_PERCENT };

/** The campaign of the local carrier's test lines (the leads seed gives them to the demo agent). */
export const TEST_CALLS_SLUG = 'test-calls';

/**
 * The spec's campaign catalogue (spec 1 section 9, spec 2 section 9): the five working campaigns with their
 * payouts, the sample commission campaigns, and solar and roofing coming soon. Where the spec gives no
 * percentages (adwords, real estate), the full-stack rate is the campaign's headline figure, split 40/60.
 */
export const DEMO_CAMPAIGNS: Array<{ slug: string; body: CampaignCreateBody }> = [
  {
    slug: 'hotel',
    body: {
      name: 'Hotel Accommodation',
      timeZone: 'America/New_York',
      description:
        'Book hotel stays for corporate travellers and events. $6 per night booked, transport compensation for office attendance and a 25% profit share.',
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$500-$2500',
      leadSourceType: 'Supplied',
      campaignTypes: ['Travel', 'B2B', 'Events'],
      isProfitShare: true,
      isLimited: false,
      commissionStructure: { opener: 10, closer: 15, fullStack: 30, override },
      payoutDetails:
        "$6 per night booked; transport compensation $50-100 for office attendance; 2.5% lifetime commission on referrals' production. Payout is split between opener and closer, or paid in full to a self-closer. Commissions are held 30 days for cancellations.",
      tiers: [
        { target: '50 nights', payout: 350 },
        { target: '100 nights', payout: 800 },
        { target: '150 nights', payout: 1500 },
        { target: '250 nights', payout: 2000 },
      ],
      holdDays: 30,
    },
  },
  {
    slug: 'adwords',
    body: {
      name: 'Adwords',
      timeZone: 'America/Chicago',
      description:
        'Sell managed Google Ads campaigns to real-estate agencies. 10% of each invoice, average invoice $500-$10,000.',
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$300-$5000',
      leadSourceType: 'Both',
      campaignTypes: ['Advertising', 'B2B'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 4, closer: 6, fullStack: 10, override },
      payoutDetails: '10% of each invoice (average size $500-$10,000), paid when the client pays the invoice.',
      tiers: [],
      holdDays: 14,
    },
  },
  {
    slug: 'real-estate-egypt',
    body: {
      name: 'Real Estate Egypt',
      timeZone: 'Africa/Cairo',
      description:
        'Sell new-build property in Egypt to local and overseas buyers. 50% profit share after tax plus 10% on sub-sales lifetime production.',
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$1000-$3000',
      leadSourceType: 'Supplied',
      campaignTypes: ['Real Estate', 'B2C', 'International'],
      isProfitShare: true,
      isLimited: false,
      commissionStructure: { opener: 20, closer: 30, fullStack: 50, override },
      payoutDetails: '50% profit share after tax plus 10% on sub-sales lifetime production.',
      tiers: [],
      holdDays: 30,
    },
  },
  {
    slug: 'real-estate-dubai',
    body: {
      name: 'Real Estate Dubai',
      timeZone: 'Asia/Dubai',
      description:
        'Off-plan and ready property in Dubai. 40% of company profit after tax plus 5% of sub-sales in your own tree.',
      status: 'active',
      roleNeeded: 'Closer',
      payoutRange: '$1000-$3000',
      leadSourceType: 'Supplied',
      campaignTypes: ['Real Estate', 'International'],
      isProfitShare: true,
      isLimited: false,
      commissionStructure: { opener: 16, closer: 24, fullStack: 40, override },
      payoutDetails: '40% of company profit after tax plus 5% of sub-sales in own tree.',
      tiers: [],
      holdDays: 30,
    },
  },
  {
    slug: 'real-estate-us',
    body: {
      name: 'Real Estate US',
      timeZone: 'America/Los_Angeles',
      description: 'Source and sell flip deals in the US. 20% of a flipped deal, average ticket $2,000-$20,000.',
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$300-$5000',
      leadSourceType: 'Both',
      campaignTypes: ['Real Estate', 'Investors'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 8, closer: 12, fullStack: 20, override },
      payoutDetails: '20% of a flipped deal; average ticket $2,000-$20,000.',
      tiers: [],
      holdDays: 14,
    },
  },
  {
    slug: 'real-estate-lead-generation',
    body: {
      name: 'Real Estate Lead Generation',
      timeZone: 'America/Denver',
      description: 'Qualify homeowners and investors for partner agencies. Openers earn the full 25%.',
      status: 'active',
      roleNeeded: 'Opener',
      payoutRange: '$100-$500',
      leadSourceType: 'Supplied',
      campaignTypes: ['Real Estate', 'Lead Generation'],
      isProfitShare: false,
      isLimited: true,
      limitedUntil: '2025-05-01',
      commissionStructure: { opener: 25, closer: 0, fullStack: 25, override },
      payoutDetails: '25% of each qualified appointment fee to the opener.',
      tiers: [],
      holdDays: 7,
    },
  },
  {
    slug: 'saas-sales',
    body: {
      name: 'SaaS Sales',
      timeZone: 'Europe/London',
      description: 'Sell subscriptions of B2B software to small businesses.',
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$300-$5000',
      leadSourceType: 'Both',
      campaignTypes: ['SaaS', 'B2B'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 10, closer: 15, fullStack: 30, override },
      payoutDetails: 'First-year contract value; held 30 days for refunds.',
      tiers: [],
      holdDays: 30,
    },
  },
  {
    slug: 'solar',
    body: {
      name: 'Solar Panel Installation',
      timeZone: 'America/Phoenix',
      description: 'Residential solar installations. Coming soon.',
      status: 'coming-soon',
      roleNeeded: 'Closer',
      payoutRange: '$1000-$3000',
      leadSourceType: 'Supplied',
      campaignTypes: ['Energy', 'B2C'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 7, closer: 20, fullStack: 30, override },
      payoutDetails: 'Paid per installed system.',
      tiers: [],
      holdDays: 30,
    },
  },
  {
    slug: 'roofing',
    body: {
      name: 'Roofing',
      timeZone: 'America/Chicago',
      description: 'Roof repair and replacement for homeowners. Coming soon.',
      status: 'coming-soon',
      roleNeeded: 'Both',
      payoutRange: '$500-$2500',
      leadSourceType: 'Supplied',
      campaignTypes: ['Home Improvement', 'B2C'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 10, closer: 15, fullStack: 30, override },
      payoutDetails: 'Paid per completed roof.',
      tiers: [],
      holdDays: 30,
    },
  },
  {
    // The local carrier's test lines (docs/telephony.md's number plan): no person answers them, so the calling-hours
    // window is the whole day and a newcomer can call one from its lead at any hour.
    slug: TEST_CALLS_SLUG,
    body: {
      name: 'Test calls',
      timeZone: 'America/New_York',
      callingHours: { start: '00:00', end: '24:00' },
      description:
        "The phone's test lines: an echo, a busy line, one that never answers, a voicemail greeting and a number not in service. Call them from their leads at any hour to try the dialer.",
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: 'No payout',
      leadSourceType: 'Supplied',
      campaignTypes: ['Training'],
      isProfitShare: false,
      isLimited: false,
      commissionStructure: { opener: 0, closer: 0, fullStack: 0, override: { level1: 0, level2: 0, level3: 0 } },
      payoutDetails: 'No payout: the test lines are not customers.',
      tiers: [],
      holdDays: 0,
    },
  },
];

/** Demo agents are members of these; the first one is the demo agent's active campaign. */
const DEMO_MEMBERSHIPS = ['hotel', 'adwords', 'real-estate-egypt'];
const DEMO_AGENTS = ['agent@demo.test', 'agent2@demo.test', 'agent3@demo.test', 'agent4@demo.test'];

export const campaignsSeedStep: SeedStep = {
  name: 'campaigns',
  after: ['demo accounts'],
  async run(platform) {
    const owner = await findUserByEmail(platform.db, 'owner@demo.test');
    if (!owner) throw new Error('the campaigns seed needs the demo owner');
    for (const { slug, body } of DEMO_CAMPAIGNS) {
      if (!(await findCampaignBySlug(platform.db, slug))) await createCampaign(platform, owner, body, slug);
    }
    const now = platform.clock.now();
    // The test lines are one lead per number, so they go to the demo agent alone.
    const demoAgent = await findUserByEmail(platform.db, DEMO_AGENTS[0]);
    if (demoAgent)
      await addMembership(
        platform.db,
        demoAgent._id,
        (await findCampaignBySlug(platform.db, TEST_CALLS_SLUG))!._id,
        now,
      );
    for (const email of DEMO_AGENTS) {
      const agent = await findUserByEmail(platform.db, email);
      if (!agent) continue;
      for (const slug of DEMO_MEMBERSHIPS)
        await addMembership(platform.db, agent._id, (await findCampaignBySlug(platform.db, slug))!._id, now);
      if (!agent.activeCampaignId)
        await setActiveCampaign(
          platform.db,
          agent._id,
          (await findCampaignBySlug(platform.db, DEMO_MEMBERSHIPS[0]))!._id,
        );
    }
  },
};
