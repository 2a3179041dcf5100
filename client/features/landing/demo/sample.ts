/**
 * The marketing preview's sample agent. This is a picture of the product for visitors who have no account,
 * so it is fixed sample content by nature; the real dashboard reads everything from the API.
 */
export const SAMPLE_AGENT = {
  name: 'Alex Warrior',
  avatarSeed: 'alex-warrior',
  totalEarnings: 12_450,
  referralCode: 'ALEXW7K2',
  earnings: { daily: 185, weekly: 1_240, monthly: 4_850 },
};

export type SampleLeadStatus = 'New' | 'Contacted' | 'Qualified' | 'Proposal' | 'Closed' | 'Lost';

export const SAMPLE_LEADS: Array<{
  id: string;
  name: string;
  company: string;
  status: SampleLeadStatus;
  createdAt: string;
}> = [
  {
    id: 'l1',
    name: 'Sarah Johnson',
    company: 'Sunrise Boutique Hotels',
    status: 'New',
    createdAt: '2025-03-12T09:30:00Z',
  },
  { id: 'l2', name: 'Michael Chen', company: 'Skyline Realty', status: 'Contacted', createdAt: '2025-03-10T14:05:00Z' },
  {
    id: 'l3',
    name: 'Amira Hassan',
    company: 'Nile View Properties',
    status: 'Qualified',
    createdAt: '2025-03-08T11:45:00Z',
  },
  { id: 'l4', name: 'David Miller', company: 'Miller & Co Realtors', status: 'New', createdAt: '2025-03-07T16:20:00Z' },
];

export const SAMPLE_PAYOUTS = [
  { title: 'Hotel Accommodation deal', date: '2025-03-14T00:00:00Z', amount: 750 },
  { title: 'Referral bonus', date: '2025-03-10T00:00:00Z', amount: 120 },
  { title: 'Solar installation', date: '2025-03-05T00:00:00Z', amount: 1_100 },
];

export const SAMPLE_DOWNLINE = [
  { name: 'Bianca Closer', avatarSeed: 'bianca', monthly: 2_400 },
  { name: 'Carlos Opener', avatarSeed: 'carlos', monthly: 1_650 },
  { name: 'Dina Fullstack', avatarSeed: 'dina', monthly: 980 },
];
