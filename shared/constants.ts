/** Business constants from the specification and docs/product.md, shared by client, server and workers. */

export const CAMPAIGN_INTEREST_OPTIONS = [
  'Travel & Hospitality',
  'Solar & Green Energy',
  'Real Estate',
  'SaaS & Technology',
  'Health & Wellness',
  'Financial Services',
  'Other',
] as const;

export const LEAD_STAGES = ['New', 'Contacted', 'Qualified', 'Proposal', 'Closed', 'Lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_DISPOSITIONS = ['New', 'Answered', 'VM', 'Follow Up', 'Potential', 'Closed', 'Rejected'] as const;
export type LeadDisposition = (typeof LEAD_DISPOSITIONS)[number];

/** Disposition moves stage (docs/product.md, Lead status); Proposal is only ever set directly. */
export const STAGE_FOR_DISPOSITION: Record<LeadDisposition, LeadStage> = {
  New: 'New',
  Answered: 'Contacted',
  VM: 'Contacted',
  'Follow Up': 'Contacted',
  Potential: 'Qualified',
  Closed: 'Closed',
  Rejected: 'Lost',
};

export const LEAD_TYPES = ['Individual', 'Corporate', 'Agency'] as const;

export const WORKING_CAMPAIGNS = [
  { slug: 'hotel', name: 'Hotel Accommodation' },
  { slug: 'adwords', name: 'Adwords' },
  { slug: 'real-estate-egypt', name: 'Real Estate Egypt' },
  { slug: 'real-estate-dubai', name: 'Real Estate Dubai' },
  { slug: 'real-estate-us', name: 'Real Estate US' },
] as const;

export const DEFAULT_OVERRIDE_PERCENT = { level1: 5, level2: 2.5, level3: 1 } as const;

export const PLAN_LIMITS = { leadsPerDay: 200, leadsPerMonth: 4_000, callsPerDay: 200 } as const;
export const TRIAL_DAYS = 90;
export const EARLY_ACCESS_SPOTS = 50;

export const VERIFICATION = { codeLength: 6, ttlMinutes: 10, maxAttempts: 5, resendCooldownSeconds: 60 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const TIMINGS = {
  toastMs: 4_000,
  maxToasts: 3,
  waitlistSuccessResetMs: 2_000,
  demoTabFadeMs: 300,
  accessDeniedRedirectMs: 2_000,
  autoDialDelayMs: 2_000,
  tooltipDelayMs: 700,
} as const;

/**
 * US states whose telemarketing laws are stricter than the federal 8:00-21:00 window: their calling window
 * (local to the called person) and how many calls one number may get in 24 hours (Florida Telephone Solicitation
 * Act 2021, Oklahoma Telephone Solicitation Act 2022, Maryland Stop the Spam Calls Act 2023: 8:00-20:00 and 3 calls
 * per 24 h; Washington RCW 80.36.390: 8:00-20:00). A campaign overrides or adds states (`stateRules`).
 */
export const STATE_CALLING_RULES: Readonly<
  Record<string, { hours: { start: string; end: string }; maxCallsPer24h?: number }>
> = {
  FL: { hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 },
  OK: { hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 },
  MD: { hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 },
  WA: { hours: { start: '08:00', end: '20:00' } },
};

export const WHALE_DEAL_CENTS = 10_000_00;
export const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** The objections a campaign listens for when it names none of its own (issue 31); the spotter's thresholds for them are in server/platform/speech/phrases.ts. */
export const DEFAULT_OBJECTION_PHRASES = [
  'not interested',
  'too expensive',
  'call me later',
  'send me an email',
  'already have one',
  'who gave you my number',
  'take me off your list',
] as const;
