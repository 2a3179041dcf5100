/** Spec 1 section 9, "Plans". */
export interface Plan {
  tier: 'trial' | 'pro' | 'matrix';
  name: string;
  price: string;
  period: string;
  popular?: boolean;
  features: string[];
}

export const PLANS: Plan[] = [
  {
    tier: 'trial',
    name: 'Free Trial',
    price: '$0',
    period: 'for the first 3 months',
    features: [
      '200 leads per day (4,000 monthly)',
      'Basic campaigns',
      'Basic training',
      'Commission dashboard',
      'Referral tree',
    ],
  },
  {
    tier: 'pro',
    name: 'Pro Agent',
    price: '$50',
    period: 'per month',
    popular: true,
    features: ['Medium-tier campaigns', 'Priority lead distribution', 'Weekly strategy sessions', 'Early access'],
  },
  {
    tier: 'matrix',
    name: 'Matrix Escape',
    price: '$499',
    period: 'one-time',
    features: [
      'Hidden high-ticket campaigns',
      'Payouts up to $10,000 per deal',
      'Mastermind community',
      '1-on-1 coaching',
      'Territory exclusivity',
      'Priority support',
    ],
  },
];
