import { ObjectId } from 'mongodb';
import { WORKING_CAMPAIGNS } from '../../../shared/constants.js';
import type { Platform } from '../../platform/context.js';
import type { SeedStep } from '../feature.js';
import { findCampaignBySlug, TEST_CALLS_SLUG } from '../campaigns/public.js';
import { findUserByEmail } from '../users/public.js';
import { distributeCampaign } from './distribution.js';
import { insertLeads, type LeadDoc } from './repository.js';

const FIRST = ['Mona', 'Karim', 'Laila', 'Omar', 'Sara', 'Youssef', 'Nour', 'Hassan', 'Farida', 'Tarek', 'Jana', 'Ali'];
const LAST = [
  'Hassan',
  'Farouk',
  'Mansour',
  'Saleh',
  'Nasser',
  'Ibrahim',
  'Khalil',
  'Aziz',
  'Said',
  'Fathy',
  'Gamal',
  'Zaki',
];
const COMPANIES = [
  'Nile Logistics',
  'Delta Pharma',
  'Giza Textiles',
  'Cairo Fintech',
  undefined,
  'Sinai Resorts',
  undefined,
  'Luxor Foods',
];

/** Campaign-specific fields of spec 2 section 3, so the details panel has something real to show. */
function detailsFor(slug: string, i: number): Record<string, unknown> {
  switch (slug) {
    case 'hotel':
      return {
        preferredHotels: ['Marriott Zamalek', 'Four Seasons Nile Plaza'][i % 2],
        travelFrequency: ['Monthly', 'Quarterly', 'Weekly'][i % 3],
        roomType: ['Deluxe King', 'Twin', 'Suite'][i % 3],
        checkIn: `2026-0${(i % 8) + 2}-1${i % 9}`,
        checkOut: `2026-0${(i % 8) + 2}-2${i % 9}`,
        guestCount: (i % 5) + 1,
        ...(i % 3 === 0
          ? {
              eventDate: `2026-0${(i % 8) + 2}-15`,
              attendees: 40 + i * 5,
              roomsNeeded: 20 + i,
              roomTypeSplit: '70% single / 30% double',
              meetingRooms: 2,
              catering: 'Lunch and coffee breaks',
            }
          : {}),
      };
    case 'adwords':
      return {
        location: ['New Cairo', 'Sheikh Zayed', 'Alexandria'][i % 3],
        targetKeywords: ['apartments for sale cairo', 'villas new cairo', 'compound sheikh zayed'].slice(
          0,
          (i % 3) + 1,
        ),
        monthlyBudget: 500 + (i % 6) * 250,
        competitors: ['Nawy', 'Aqarmap', 'Property Finder'].slice(0, (i % 3) + 1),
        targetCities: ['Cairo', 'Giza', 'Alexandria'].slice(0, (i % 3) + 1),
        budgetAllocation: '60% search / 40% display',
      };
    default: {
      const base = {
        propertyType: ['Apartment', 'Villa', 'Townhouse'][i % 3],
        budget: 80_000 + (i % 7) * 40_000,
        location:
          slug === 'real-estate-dubai'
            ? ['Dubai Marina', 'Downtown', 'JVC'][i % 3]
            : slug === 'real-estate-us'
              ? ['Austin, TX', 'Tampa, FL', 'Phoenix, AZ'][i % 3]
              : ['New Capital', 'North Coast', 'New Cairo'][i % 3],
        timeframe: ['1-3 months', '3-6 months', 'This year'][i % 3],
        bedrooms: (i % 4) + 1,
        bathrooms: (i % 3) + 1,
        paymentMethod: ['Installments', 'Cash'][i % 2],
        downPayment: `${10 + (i % 3) * 5}%`,
        installments: `${4 + (i % 4) * 2} years`,
        interestedProjects: ['Marina Heights', 'Palm Residences'].slice(0, (i % 2) + 1),
        amenities: ['Pool', 'Gym', 'Security'].slice(0, (i % 3) + 1),
        furnishing: ['Unfurnished', 'Semi-furnished', 'Furnished'][i % 3],
      };
      if (slug !== 'real-estate-us') return base;
      return {
        ...base,
        mortgage: i % 2 === 0 ? 'Pre-approved' : 'Needed',
        marketValue: 250_000 + i * 10_000,
        taxes: 3_200 + i * 100,
        hoaFees: 150 + (i % 4) * 25,
      };
    }
  }
}

const LEADS_PER_CAMPAIGN = 12;

/**
 * Where the demo leads live: US and European zones beside Cairo and Dubai, so at any UTC hour some of them are inside
 * the default calling hours (8:00-21:00 local; Dubai's morning covers the hours after the US Pacific evening).
 * Numbers are from ranges kept for fiction where the country has one (US 555-01NN, London 020 7946 0NNN, Paris
 * 01 99 00 NN NN); the zone is also set on the lead, since some countries have more than one.
 */
const DEMO_LEAD_PLACES: Array<{ timeZone: string; phone: (n: string) => string }> = [
  { timeZone: 'America/New_York', phone: (n) => `1212555${n}` },
  { timeZone: 'Europe/London', phone: (n) => `44207946${n}` },
  { timeZone: 'America/Chicago', phone: (n) => `1312555${n}` },
  { timeZone: 'Europe/Paris', phone: (n) => `3319900${n}` },
  { timeZone: 'America/Denver', phone: (n) => `1303555${n}` },
  { timeZone: 'Africa/Cairo', phone: (n) => `20100000${n}` },
  { timeZone: 'America/Los_Angeles', phone: (n) => `1415555${n}` },
  { timeZone: 'Asia/Dubai', phone: (n) => `9714555${n}` },
];

/** The local carrier's number plan (docs/telephony.md): each test line's lead says what it does. */
const TEST_LINES = [
  { number: '5550100001', name: 'Test line: echo, hangs up after 6 s' },
  { number: '5550100002', name: 'Test line: busy' },
  { number: '5550100003', name: 'Test line: never answers' },
  { number: '5550100004', name: 'Test line: voicemail greeting' },
  { number: '5550100005', name: 'Test line: echo until you hang up' },
  { number: '5550100099', name: 'Test line: not in service' },
];

/** Demo leads for the five working campaigns, handed out by the real distribution (idempotent: unique e-mails). */
export const leadsSeedStep: SeedStep = {
  name: 'leads',
  after: ['campaigns'],
  async run(platform) {
    const now = platform.clock.now();
    for (const [c, { slug }] of WORKING_CAMPAIGNS.entries()) {
      const campaign = await findCampaignBySlug(platform.db, slug);
      if (!campaign) continue;
      const leads: LeadDoc[] = Array.from({ length: LEADS_PER_CAMPAIGN }, (_, i) => {
        const name = `${FIRST[(i + c) % FIRST.length]} ${LAST[(i * 5 + c) % LAST.length]}`;
        const company = COMPANIES[(i + c) % COMPANIES.length];
        const createdAt = new Date(now.getTime() - (LEADS_PER_CAMPAIGN - i) * 3600_000);
        const place = DEMO_LEAD_PLACES[(i + c) % DEMO_LEAD_PLACES.length];
        return {
          _id: new ObjectId(),
          campaignId: campaign._id,
          name,
          ...(company ? { company } : {}),
          email: `${name.toLowerCase().replace(' ', '.')}.${slug}@leads.demo`,
          phone: place.phone(String(100 + c * LEADS_PER_CAMPAIGN + i).padStart(4, '0')),
          timeZone: place.timeZone,
          source: ['Website', 'Referral', 'Facebook Ads', 'Trade show'][i % 4],
          leadType: company ? (i % 5 === 0 ? 'Agency' : 'Corporate') : 'Individual',
          details: detailsFor(slug, i),
          assignedTo: null,
          pool: true,
          disposition: 'New',
          stage: 'New',
          history: [{ at: createdAt, change: 'Added with the demo data' }],
          createdAt,
          updatedAt: createdAt,
        };
      });
      await insertLeads(platform.db, leads);
      await distributeCampaign(platform, campaign._id);
    }
    await seedTestLines(platform);
  },
};

/** The test lines' leads, all the demo agent's (one lead per number and campaign). */
async function seedTestLines(platform: Platform): Promise<void> {
  const [campaign, agent] = await Promise.all([
    findCampaignBySlug(platform.db, TEST_CALLS_SLUG),
    findUserByEmail(platform.db, 'agent@demo.test'),
  ]);
  if (!campaign || !agent) return;
  const now = platform.clock.now();
  const leads: LeadDoc[] = TEST_LINES.map(({ number, name }, i) => {
    // Listed after the demo campaigns' leads (newest first), in the plan's order.
    const createdAt = new Date(now.getTime() - (LEADS_PER_CAMPAIGN + TEST_LINES.length - i) * 3600_000);
    return {
      _id: new ObjectId(),
      campaignId: campaign._id,
      name,
      company: 'Local carrier',
      email: `line-${number.slice(-4)}.${TEST_CALLS_SLUG}@leads.demo`,
      phone: number,
      source: 'Test line',
      leadType: 'Corporate',
      details: {},
      assignedTo: null,
      pool: true,
      disposition: 'New',
      stage: 'New',
      history: [{ at: createdAt, change: 'Added with the demo data' }],
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertLeads(platform.db, leads);
  await distributeCampaign(platform, campaign._id, { agentId: agent._id });
}
