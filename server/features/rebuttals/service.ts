import { ObjectId } from 'mongodb';
import { isEmailAddress } from '../../../shared/schemas/auth/messages.js';
import { RebuttalMessages, type RebuttalInterestResponse } from '../../../shared/schemas/rebuttals/list.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueEmail } from '../email/public.js';
import type { UserDoc } from '../users/public.js';
import { insertInterest, upsertRebuttal, type RebuttalFields } from './repository.js';

/** Stored once per address; the first time, a confirmation e-mail is queued (template rebuttals-waitlist). */
export async function joinRebuttalsWaitlist(
  platform: Platform,
  user: UserDoc,
  rawEmail: string,
): Promise<RebuttalInterestResponse & { created: boolean }> {
  if (!isEmailAddress(rawEmail)) throw badRequest(RebuttalMessages.emailInvalid);
  const email = rawEmail.trim().toLowerCase();
  const doc = { _id: new ObjectId(), email, userId: user._id, createdAt: platform.clock.now() };
  const created = await insertInterest(platform.db, doc);
  if (!created) return { joined: true, alreadyJoined: true, message: RebuttalMessages.alreadyJoined, created };
  await enqueueEmail(platform, {
    key: `rebuttals-waitlist-${doc._id.toHexString()}`,
    to: email,
    template: 'rebuttals-waitlist',
    data: {},
  }).catch((error) => platform.log.warn({ err: error }, 'rebuttals waitlist e-mail not queued'));
  return { joined: true, alreadyJoined: false, message: RebuttalMessages.joined, created };
}

/** An entry written outside the app (the demo seed, tests): inserted once per campaign and objection, votes kept. */
export function saveRebuttal(platform: Platform, fields: RebuttalFields): Promise<ObjectId> {
  return upsertRebuttal(platform.db, fields, platform.clock.now());
}
