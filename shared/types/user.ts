export type Role = 'sales' | 'owner' | 'admin';
export type PlanTier = 'trial' | 'pro' | 'matrix';

/** The signed-in user as the client sees it (`GET /api/me`, login and verify answers). */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  avatarSeed: string;
  contact?: string;
  referralCode: string;
  uplineId?: string;
  plan: { tier: PlanTier; trialEndsAt: string };
  roleRequest?: { role: Role; status: 'pending' | 'approved' | 'rejected'; at: string };
  earlyAccess: boolean;
  accessGranted: boolean;
  activeCampaignId?: string;
  twoFactorEnabled: boolean;
  createdAt: string;
}
