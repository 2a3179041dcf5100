import { ObjectId } from 'mongodb';
import type { SeedStep } from '../../seed/index.js';
import { findCampaignBySlug } from '../campaigns/repository.js';
import { recordDealCommissions, runPayouts } from '../commissions/service.js';
import { insertLeads, type LeadDoc } from '../leads/repository.js';
import { findUserByEmail } from '../users/repository.js';
import { findLeadByCampaignEmail, findStandingDealOfLead } from './repository.js';
import { closeLead } from './service.js';

const DAY = 24 * 3600 * 1000;

/** A few closed deals in the demo downline so the ledger, payouts and the Bonsai show real figures. */
const DEMO_DEALS = [
  { campaign: 'hotel', lead: 'Nile Corporate Travel', email: 'bookings@niletravel.demo', company: 'Nile Corporate Travel', closer: 'agent4@demo.test', value: 1800, daysAgo: 45 },
  { campaign: 'hotel', lead: 'Cairo Tech Summit', email: 'events@cairotech.demo', company: 'Cairo Tech Summit', closer: 'agent2@demo.test', opener: 'agent3@demo.test', value: 2400, daysAgo: 40 },
  { campaign: 'adwords', lead: 'Giza Homes Realty', email: 'ads@gizahomes.demo', company: 'Giza Homes Realty', closer: 'agent@demo.test', value: 1200, daysAgo: 20 },
  { campaign: 'hotel', lead: 'Red Sea Weddings', email: 'hello@redseaweddings.demo', company: 'Red Sea Weddings', closer: 'agent4@demo.test', value: 950, daysAgo: 3 },
  { campaign: 'hotel', lead: 'Alexandria Medical Conference', email: 'travel@alexmed.demo', company: 'Alexandria Medical Conference', closer: 'agent3@demo.test', value: 600, daysAgo: 1 },
] as const;

export const dealsSeedStep: SeedStep = {
  name: 'demo deals',
  async run(platform) {
    const now = platform.clock.now();
    for (const demo of DEMO_DEALS) {
      const campaign = await findCampaignBySlug(platform.db, demo.campaign);
      const closer = await findUserByEmail(platform.db, demo.closer);
      const opener = 'opener' in demo ? await findUserByEmail(platform.db, demo.opener) : null;
      if (!campaign || !closer) continue;
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
      if (!lead || (await findStandingDealOfLead(platform.db, lead._id)) || lead.stage === 'Closed') continue;
      const deal = await closeLead(platform, closer, lead._id.toHexString(), { dealValue: demo.value, ...(opener ? { openerId: opener._id.toHexString() } : {}) }, closedAt);
      // The worker would do the same; doing it here makes the figures ready when the app opens.
      await recordDealCommissions(platform, new ObjectId(deal.id));
    }
    const admin = await findUserByEmail(platform.db, 'admin@demo.test');
    if (admin) await runPayouts(platform, admin);
  },
};
