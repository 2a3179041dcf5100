import { ObjectId } from 'mongodb';
import { EARLY_ACCESS_SPOTS } from '../../../shared/constants.js';
import {
  WaitlistMessages,
  waitlistFormError,
  type WaitlistJoinBody,
  type WaitlistJoined,
} from '../../../shared/schemas/waitlist/join.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { enqueueEmail } from '../email/public.js';
import { isDuplicateKey } from '../../platform/db-errors.js';
import {
  findWaitlistEntryByEmail,
  insertWaitlistEntry,
  nextWaitlistPosition,
  type WaitlistEntryDoc,
} from './repository.js';

export async function joinWaitlist(platform: Platform, body: WaitlistJoinBody): Promise<WaitlistJoined> {
  const problem = waitlistFormError(body);
  if (problem) throw badRequest(problem, WaitlistMessages.emptyTitle);
  const email = body.email.trim().toLowerCase();
  if (await findWaitlistEntryByEmail(platform.db, email))
    throw conflict(WaitlistMessages.duplicate, WaitlistMessages.failedTitle);

  const position = await nextWaitlistPosition(platform.db);
  const entry: WaitlistEntryDoc = {
    _id: new ObjectId(),
    name: body.name.trim(),
    email,
    contact: body.contact.trim(),
    campaignInterest: body.campaignInterest,
    position,
    earlyAccess: position <= EARLY_ACCESS_SPOTS,
    processed: false,
    createdAt: platform.clock.now(),
  };
  try {
    await insertWaitlistEntry(platform.db, entry);
  } catch (error) {
    if (isDuplicateKey(error, 'email')) throw conflict(WaitlistMessages.duplicate, WaitlistMessages.failedTitle);
    throw error;
  }

  // The entry is what matters; a confirmation e-mail that cannot be queued is logged only (spec 1 section 8).
  await enqueueEmail(platform, {
    key: `waitlist-confirmation-${entry._id.toHexString()}`,
    to: email,
    template: 'waitlist-confirmation',
    data: { name: entry.name, campaignInterest: entry.campaignInterest, position, earlyAccess: entry.earlyAccess },
  }).catch((error) => platform.log.warn({ err: error }, 'waitlist confirmation e-mail not queued'));

  return { position, earlyAccess: entry.earlyAccess };
}

/** What a new account inherits from its waitlist entry: the first 50 get early access. */
export async function waitlistPerksFor(
  platform: Platform,
  email: string,
): Promise<{ earlyAccess: boolean; accessGranted: boolean; contact?: string }> {
  const entry = await findWaitlistEntryByEmail(platform.db, email.trim().toLowerCase());
  return {
    earlyAccess: Boolean(entry && entry.position <= EARLY_ACCESS_SPOTS),
    accessGranted: Boolean(entry?.accessGranted),
    contact: entry?.contact,
  };
}
