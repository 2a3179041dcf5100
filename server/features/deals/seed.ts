import { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import type { SeedStep } from '../feature.js';
import { findCampaignBySlug } from '../campaigns/public.js';
import { recordDealCommissions, runPayouts } from '../commissions/public.js';
import { findLeadByCampaignEmail, insertLeads, type LeadDoc } from '../leads/public.js';
import { findUserByEmail } from '../users/public.js';
import { findStandingDealOfLead } from './repository.js';
import { closeLead } from './service.js';

const DAY = 24 * 3600 * 1000;

type DemoDeal = {
  campaign: string;
  lead: string;
  email: string;
  company: string;
  closer: string;
  opener?: string;
  value: number;
  daysAgo: number;
};

/** Closed deals in the demo downline, paid by the seed itself so agents see completed payouts from the start. */
const PAID_DEALS: DemoDeal[] = [
  {
    campaign: 'hotel',
    lead: 'Nile Corporate Travel',
    email: 'bookings@niletravel.demo',
    company: 'Nile Corporate Travel',
    closer: 'agent4@demo.test',
    value: 1800,
    daysAgo: 45,
  },
  {
    campaign: 'hotel',
    lead: 'Cairo Tech Summit',
    email: 'events@cairotech.demo',
    company: 'Cairo Tech Summit',
    closer: 'agent2@demo.test',
    opener: 'agent3@demo.test',
    value: 2400,
    daysAgo: 40,
  },
  {
    campaign: 'adwords',
    lead: 'Giza Homes Realty',
    email: 'ads@gizahomes.demo',
    company: 'Giza Homes Realty',
    closer: 'agent@demo.test',
    value: 1200,
    daysAgo: 20,
  },
];

/**
 * Deals past their campaign's hold window (Hotel 30 days, Adwords 14) that the seed leaves unpaid, so an admin's
 * payout run on a fresh start pays real amounts; and two still in their hold window.
 */
const UNPAID_DEALS: DemoDeal[] = [
  {
    campaign: 'hotel',
    lead: 'Luxor Heritage Tours',
    email: 'groups@luxorheritage.demo',
    company: 'Luxor Heritage Tours',
    closer: 'agent@demo.test',
    opener: 'agent3@demo.test',
    value: 3200,
    daysAgo: 34,
  },
  {
    campaign: 'adwords',
    lead: 'Maadi Dental Clinic',
    email: 'front@maadidental.demo',
    company: 'Maadi Dental Clinic',
    closer: 'agent2@demo.test',
    value: 1500,
    daysAgo: 18,
  },
  {
    campaign: 'adwords',
    lead: 'Zamalek Fitness Studio',
    email: 'team@zamalekfit.demo',
    company: 'Zamalek Fitness Studio',
    closer: 'agent4@demo.test',
    opener: 'agent@demo.test',
    value: 900,
    daysAgo: 16,
  },
  {
    campaign: 'hotel',
    lead: 'Red Sea Weddings',
    email: 'hello@redseaweddings.demo',
    company: 'Red Sea Weddings',
    closer: 'agent4@demo.test',
    value: 950,
    daysAgo: 3,
  },
  {
    campaign: 'hotel',
    lead: 'Alexandria Medical Conference',
    email: 'travel@alexmed.demo',
    company: 'Alexandria Medical Conference',
    closer: 'agent3@demo.test',
    value: 600,
    daysAgo: 1,
  },
];

/** Closes the demo deal unless it exists already; true when it was closed now. */
async function seedDeal(platform: Platform, demo: DemoDeal, now: Date): Promise<boolean> {
  const campaign = await findCampaignBySlug(platform.db, demo.campaign);
  const closer = await findUserByEmail(platform.db, demo.closer);
  const opener = demo.opener ? await findUserByEmail(platform.db, demo.opener) : null;
  if (!campaign || !closer) return false;
  const closedAt = new Date(now.getTime() - demo.daysAgo * DAY);
  let lead = await findLeadByCampaignEmail(platform.db, campaign._id, demo.email);
  if (!lead) {
    const doc: LeadDoc = {
      _id: new ObjectId(),
      campaignId: campaign._id,
      name: demo.lead,
      company: demo.company,
      email: demo.email,
      source: 'Demo',
      leadType: 'Corporate',
      details: {},
      assignedTo: closer._id,
      assignedAt: new Date(closedAt.getTime() - 7 * DAY),
      disposition: 'Potential',
      stage: 'Qualified',
      dispositionAt: new Date(closedAt.getTime() - DAY),
      history: [],
      createdAt: new Date(closedAt.getTime() - 7 * DAY),
      updatedAt: closedAt,
    };
    await insertLeads(platform.db, [doc]);
    lead = await findLeadByCampaignEmail(platform.db, campaign._id, demo.email);
  }
  if (!lead || (await findStandingDealOfLead(platform.db, lead._id)) || lead.stage === 'Closed') return false;
  const deal = await closeLead(
    platform,
    closer,
    lead._id.toHexString(),
    { dealValue: demo.value, ...(opener ? { openerId: opener._id.toHexString() } : {}) },
    closedAt,
  );
  // The worker would do the same; doing it here makes the figures ready when the app opens.
  await recordDealCommissions(platform, new ObjectId(deal.id));
  return true;
}

export const dealsSeedStep: SeedStep = {
  name: 'demo deals',
  after: ['demo accounts', 'campaigns', 'leads'],
  async run(platform) {
    const now = platform.clock.now();
    let closedPaid = false;
    for (const demo of PAID_DEALS) closedPaid = (await seedDeal(platform, demo, now)) || closedPaid;
    // Only on the run that wrote them: a later start must leave the unpaid deals to the admin's own payout run.
    const admin = await findUserByEmail(platform.db, 'admin@demo.test');
    if (closedPaid && admin) await runPayouts(platform, admin);
    for (const demo of UNPAID_DEALS) await seedDeal(platform, demo, now);
  },
};
