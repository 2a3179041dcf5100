import { ObjectId } from 'mongodb';
import { isEmailAddress } from '../../../shared/schemas/auth/messages.js';
import { InvitationMessages, type InvitationResponse } from '../../../shared/schemas/invitations/create.js';
import { ReferralMessages, type ReferralAnswer } from '../../../shared/schemas/invitations/referral.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { enqueueEmail } from '../email/public.js';
import { findUserByEmail, findUserByReferralCode, type UserDoc } from '../users/public.js';
import { insertInvitation } from './repository.js';

/** The owner of a referral code, as the sign-up form names them; an unknown code is said to be so. */
export async function referralInviter(platform: Platform, code: string): Promise<ReferralAnswer> {
  const inviter = await findUserByReferralCode(platform.db, code);
  if (!inviter) throw notFound(ReferralMessages.unknown);
  return { code: inviter.referralCode, inviterFirstName: inviter.name.trim().split(/\s+/)[0] ?? inviter.name };
}

export function referralLink(platform: Platform, referralCode: string): string {
  return `${platform.config.publicUrl}/join/${encodeURIComponent(referralCode)}`;
}

/** Records the invitation and hands the e-mail with the inviter's `/join/{referralCode}` link to the e-mail worker. */
export async function inviteToTeam(
  platform: Platform,
  inviter: UserDoc,
  rawEmail: string,
): Promise<InvitationResponse> {
  const email = rawEmail.trim().toLowerCase();
  if (!isEmailAddress(email)) throw badRequest(InvitationMessages.emailInvalid);
  if (email === inviter.email) throw badRequest(InvitationMessages.self);
  if (await findUserByEmail(platform.db, email)) throw conflict(InvitationMessages.alreadyMember);
  const invitation = {
    _id: new ObjectId(),
    inviterId: inviter._id,
    email,
    status: 'sent' as const,
    createdAt: platform.clock.now(),
  };
  await insertInvitation(platform.db, invitation);
  const link = referralLink(platform, inviter.referralCode);
  await enqueueEmail(platform, {
    key: `invitation-${invitation._id.toHexString()}`,
    to: email,
    template: 'invitation',
    data: { inviterName: inviter.name, link },
  });
  return { email, link, title: InvitationMessages.sentTitle, message: InvitationMessages.sent };
}
