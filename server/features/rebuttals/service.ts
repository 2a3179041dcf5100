import { ObjectId } from 'mongodb';
import { isEmailAddress } from '../../../shared/schemas/auth/messages.js';
import {
  RebuttalMessages,
  type RebuttalInterestResponse,
  type RebuttalList,
} from '../../../shared/schemas/rebuttals/list.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueEmail } from '../email/public.js';
import type { UserDoc } from '../users/public.js';
import { findRebuttals, insertInterest, upsertRebuttal, type RebuttalDoc } from './repository.js';

export async function listRebuttals(platform: Platform): Promise<RebuttalList> {
  const docs = await findRebuttals(platform.db);
  return {
    items: docs.map((r) => ({
      id: r._id.toHexString(),
      objection: r.objection,
      campaign: r.campaign,
      category: r.category,
      rebuttal: r.rebuttal,
      effectiveness: r.effectiveness,
      lastUpdated: r.updatedAt.toISOString(),
    })),
  };
}

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

export async function saveRebuttal(
  platform: Platform,
  rebuttal: Omit<RebuttalDoc, '_id' | 'updatedAt'>,
): Promise<void> {
  await upsertRebuttal(platform.db, { ...rebuttal, updatedAt: platform.clock.now() });
}
