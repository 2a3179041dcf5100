import { ObjectId } from 'mongodb';
import {
  REBUTTAL_LIMITS,
  RebuttalLibraryMessages,
  type RebuttalBody,
  type RebuttalEntry,
  type RebuttalItem,
  type RebuttalList,
  type RebuttalVote,
} from '../../../shared/schemas/rebuttals/library.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { campaignNames, findCampaignBySlug, findCampaignsByIds, listCampaignIdsOwnedBy } from '../campaigns/public.js';
import type { UserDoc } from '../users/public.js';
import { emitRebuttalsChanged } from './events.js';
import {
  deleteRebuttal,
  findRebuttal,
  findRebuttals,
  hasVoted,
  insertRebuttal,
  setRebuttalVote,
  updateRebuttal,
  votedRebuttalIds,
  type RebuttalDoc,
  type RebuttalFields,
} from './repository.js';

/** The campaigns (slugs) whose library entries the user writes: an owner their own campaigns', an admin every one. */
async function writableCampaigns(platform: Platform, user: UserDoc): Promise<string[]> {
  if (user.role !== 'admin' && user.role !== 'owner') return [];
  const ids =
    user.role === 'admin'
      ? (await campaignNames(platform.db)).map((c) => c._id)
      : await listCampaignIdsOwnedBy(platform.db, user._id);
  return (await findCampaignsByIds(platform.db, ids)).map((c) => c.slug).sort();
}

async function mayWrite(platform: Platform, user: UserDoc, campaignSlug: string): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'owner') return false;
  const campaign = await findCampaignBySlug(platform.db, campaignSlug);
  return Boolean(campaign?.ownerId?.equals(user._id));
}

function toEntry(doc: RebuttalDoc): RebuttalEntry {
  return {
    id: doc._id.toHexString(),
    objection: doc.objection,
    phrases: doc.phrases ?? [],
    campaign: doc.campaign,
    category: doc.category,
    rebuttal: doc.rebuttal,
    votes: doc.votes ?? 0,
    lastUpdated: doc.updatedAt.toISOString(),
  };
}

export async function listRebuttals(platform: Platform, viewer: UserDoc): Promise<RebuttalList> {
  const docs = await findRebuttals(platform.db);
  const [voted, writable] = await Promise.all([
    votedRebuttalIds(
      platform.db,
      viewer._id,
      docs.map((d) => d._id),
    ),
    writableCampaigns(platform, viewer),
  ]);
  const writableSet = new Set(writable);
  return {
    items: docs.map((d) => ({
      ...toEntry(d),
      voted: voted.has(d._id.toHexString()),
      editable: writableSet.has(d.campaign),
    })),
    writableCampaigns: writable,
  };
}

const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Trimmed fields, or the first rule the body breaks (the schema has already held it to its lengths). */
function cleanFields(body: RebuttalBody): RebuttalFields {
  const objection = collapseSpaces(body.objection);
  if (!objection) throw badRequest(RebuttalLibraryMessages.objectionEmpty);
  const rebuttal = body.rebuttal.replace(/\r\n?/g, '\n').trim();
  if (!rebuttal) throw badRequest(RebuttalLibraryMessages.rebuttalEmpty);
  const campaign = body.campaign.trim().toLowerCase();
  if (!campaign) throw badRequest(RebuttalLibraryMessages.campaignMissing);
  const phrases = [...new Set(body.phrases.map((p) => collapseSpaces(p).toLowerCase()).filter(Boolean))];
  if (phrases.some((p) => p.length < 2 || p.length > REBUTTAL_LIMITS.phrase))
    throw badRequest(RebuttalLibraryMessages.phrasesInvalid);
  return { objection, phrases, campaign, category: collapseSpaces(body.category) || 'General', rebuttal };
}

async function checkCampaign(platform: Platform, user: UserDoc, slug: string): Promise<void> {
  if (!(await findCampaignBySlug(platform.db, slug))) throw badRequest(RebuttalLibraryMessages.campaignMissing);
  if (!(await mayWrite(platform, user, slug))) throw forbidden(RebuttalLibraryMessages.ownersOnly);
}

async function itemFor(platform: Platform, user: UserDoc, doc: RebuttalDoc): Promise<RebuttalItem> {
  return { ...toEntry(doc), voted: await hasVoted(platform.db, doc._id, user._id), editable: true };
}

export async function createRebuttal(platform: Platform, author: UserDoc, body: RebuttalBody): Promise<RebuttalItem> {
  const fields = cleanFields(body);
  await checkCampaign(platform, author, fields.campaign);
  const doc = await insertRebuttal(platform.db, fields, author._id, platform.clock.now());
  if (!doc) throw conflict(RebuttalLibraryMessages.duplicate);
  emitRebuttalsChanged(platform, { change: 'saved', entry: toEntry(doc) });
  return itemFor(platform, author, doc);
}

/** The entry, when the user may change it: the owner of its campaign (and, on a move, of the new one) or an admin. */
async function writableEntry(platform: Platform, user: UserDoc, id: string): Promise<RebuttalDoc> {
  const doc = await findRebuttal(platform.db, new ObjectId(id));
  if (!doc) throw notFound(RebuttalLibraryMessages.notFound);
  if (!(await mayWrite(platform, user, doc.campaign))) throw forbidden(RebuttalLibraryMessages.ownersOnly);
  return doc;
}

export async function editRebuttal(
  platform: Platform,
  editor: UserDoc,
  id: string,
  body: RebuttalBody,
): Promise<RebuttalItem> {
  const fields = cleanFields(body);
  const doc = await writableEntry(platform, editor, id);
  if (fields.campaign !== doc.campaign) await checkCampaign(platform, editor, fields.campaign);
  const updated = await updateRebuttal(platform.db, doc._id, fields, editor._id, platform.clock.now());
  if (updated === 'duplicate') throw conflict(RebuttalLibraryMessages.duplicate);
  if (!updated) throw notFound(RebuttalLibraryMessages.notFound);
  emitRebuttalsChanged(platform, { change: 'saved', entry: toEntry(updated) });
  return itemFor(platform, editor, updated);
}

export async function removeRebuttal(platform: Platform, user: UserDoc, id: string): Promise<void> {
  const doc = await writableEntry(platform, user, id);
  if (!(await deleteRebuttal(platform.db, doc._id))) throw notFound(RebuttalLibraryMessages.notFound);
  emitRebuttalsChanged(platform, { change: 'deleted', id });
}

/** Votes the entry up, or takes the user's vote back when they had voted it up. */
export async function toggleRebuttalVote(platform: Platform, voter: UserDoc, id: string): Promise<RebuttalVote> {
  const rebuttalId = new ObjectId(id);
  const voted = !(await hasVoted(platform.db, rebuttalId, voter._id));
  return castVote(platform, voter, rebuttalId, voted);
}

/** Sets the user's vote (the seed's demo votes come through here: idempotent, unlike the toggle). */
export async function castVote(
  platform: Platform,
  voter: Pick<UserDoc, '_id'>,
  rebuttalId: ObjectId,
  voted: boolean,
): Promise<RebuttalVote> {
  const answer = await setRebuttalVote(platform.db, rebuttalId, voter._id, voted, platform.clock.now());
  if (!answer) throw notFound(RebuttalLibraryMessages.notFound);
  emitRebuttalsChanged(platform, { change: 'voted', id: rebuttalId.toHexString(), votes: answer.votes });
  return answer;
}
