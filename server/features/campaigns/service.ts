import { ObjectId } from 'mongodb';
import { DEFAULT_OVERRIDE_PERCENT } from '../../../shared/constants.js';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import type { CampaignJoinResponse } from '../../../shared/schemas/campaigns/join.js';
import type { CampaignList, CampaignListQuery, CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import {
  CallingHoursMessages,
  DEFAULT_CALLING_HOURS,
  validCallingHours,
  type CallingHours,
} from '../../../shared/schemas/campaigns/calling-hours.js';
import { CampaignMessages } from '../../../shared/schemas/campaigns/messages.js';
import type { CampaignCreateBody, CampaignUpdateBody } from '../../../shared/schemas/campaigns/save.js';
import { StateRulesMessages, type StateCallingRules } from '../../../shared/schemas/campaigns/state-rules.js';
import type { ActiveCampaignResponse } from '../../../shared/schemas/campaigns/select.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canonicalTimeZone } from '../../platform/time-zones.js';
import { checkedDesks } from './closing-desks.js';
import { isDuplicateKey } from '../../platform/db-errors.js';
import { clearActiveCampaignIf, setActiveCampaign, type UserDoc } from '../users/public.js';
import {
  addMembership,
  agentCounts,
  campaignIdsOfMember,
  findCampaignByIdOrSlug,
  insertCampaign,
  listCampaigns,
  removeMembership,
  updateCampaign,
  type CampaignDoc,
} from './repository.js';

/** Days commissions wait before approval when a campaign does not say (e.g. hotel cancellations). */
export const DEFAULT_HOLD_DAYS = 14;

const comingSoon = () => conflict(CampaignMessages.comingSoon, CampaignMessages.comingSoonTitle);
const missing = () => notFound(CampaignMessages.notFound);

function toSummary(doc: CampaignDoc, agentCount: number, joined: boolean): CampaignSummary {
  return {
    id: doc._id.toHexString(),
    slug: doc.slug,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    roleNeeded: doc.roleNeeded,
    payoutRange: doc.payoutRange,
    leadSourceType: doc.leadSourceType,
    campaignTypes: doc.campaignTypes,
    isProfitShare: doc.isProfitShare,
    isLimited: doc.isLimited,
    ...(doc.isLimited && doc.limitedUntil ? { limitedUntil: doc.limitedUntil.toISOString() } : {}),
    commissionStructure: doc.commissionStructure,
    agentCount,
    joined,
    ...(doc.ownerId ? { ownerId: doc.ownerId.toHexString() } : {}),
  };
}

const canEdit = (viewer: UserDoc | null, doc: CampaignDoc) =>
  Boolean(viewer && (viewer.role === 'admin' || (viewer.role === 'owner' && doc.ownerId?.equals(viewer._id))));

/** Public: without a viewer every `joined` is false (the landing page's directory). */
export async function campaignsFor(
  platform: Platform,
  viewer: UserDoc | null,
  query: CampaignListQuery,
): Promise<CampaignList> {
  const docs = await listCampaigns(platform.db, { search: query.search, status: query.status, role: query.role });
  const counts = await agentCounts(
    platform.db,
    docs.map((d) => d._id),
  );
  const joined = new Set(
    viewer ? (await campaignIdsOfMember(platform.db, viewer._id)).map((id) => id.toHexString()) : [],
  );
  return {
    items: docs.map((d) => toSummary(d, counts.get(d._id.toHexString()) ?? 0, joined.has(d._id.toHexString()))),
  };
}

async function load(platform: Platform, idOrSlug: string): Promise<CampaignDoc> {
  const doc = await findCampaignByIdOrSlug(platform.db, idOrSlug);
  if (!doc) throw missing();
  return doc;
}

async function summaryOf(platform: Platform, doc: CampaignDoc, viewer: UserDoc | null): Promise<CampaignSummary> {
  const count = (await agentCounts(platform.db, [doc._id])).get(doc._id.toHexString()) ?? 0;
  const joined = viewer ? (await campaignIdsOfMember(platform.db, viewer._id)).some((id) => id.equals(doc._id)) : false;
  return toSummary(doc, count, joined);
}

export async function campaignDetail(
  platform: Platform,
  viewer: UserDoc | null,
  idOrSlug: string,
): Promise<CampaignDetail> {
  const doc = await load(platform, idOrSlug);
  return {
    ...(await summaryOf(platform, doc, viewer)),
    payoutDetails: doc.payoutDetails,
    tiers: doc.tiers,
    holdDays: doc.holdDays ?? DEFAULT_HOLD_DAYS,
    timeZone: doc.timeZone || 'UTC',
    callingHours: doc.callingHours ?? DEFAULT_CALLING_HOURS,
    stateRules: doc.stateRules ?? {},
    announceRecording: doc.announceRecording ?? false,
    noRecordingInConsentStates: doc.noRecordingInConsentStates ?? false,
    ...(canEdit(viewer, doc) ? { closingDesks: doc.closingDesks ?? [] } : {}),
    canEdit: canEdit(viewer, doc),
  };
}

/** "Campaign Joined"; coming-soon campaigns answer with the spec's "Coming Soon" toast. Joining twice is harmless. */
export async function joinCampaign(
  platform: Platform,
  viewer: UserDoc,
  idOrSlug: string,
): Promise<CampaignJoinResponse> {
  const doc = await load(platform, idOrSlug);
  if (doc.status === 'coming-soon') throw comingSoon();
  await addMembership(platform.db, viewer._id, doc._id, platform.clock.now());
  const summary = await summaryOf(platform, doc, viewer);
  return { campaignId: summary.id, joined: true, agentCount: summary.agentCount };
}

export async function leaveCampaign(
  platform: Platform,
  viewer: UserDoc,
  idOrSlug: string,
): Promise<CampaignJoinResponse> {
  const doc = await load(platform, idOrSlug);
  await removeMembership(platform.db, viewer._id, doc._id);
  await clearActiveCampaignIf(platform.db, viewer._id, doc._id);
  const summary = await summaryOf(platform, doc, viewer);
  return { campaignId: summary.id, joined: false, agentCount: summary.agentCount };
}

/**
 * The overview's campaign selection. Selecting makes the viewer a member (they will receive its leads);
 * `null` is Change Campaign. Coming-soon campaigns cannot be selected.
 */
export async function selectActiveCampaign(
  platform: Platform,
  viewer: UserDoc,
  idOrSlug: string | null,
): Promise<ActiveCampaignResponse> {
  if (idOrSlug === null) {
    await setActiveCampaign(platform.db, viewer._id, null);
    return { activeCampaignId: null };
  }
  const doc = await load(platform, idOrSlug);
  if (doc.status === 'coming-soon') throw comingSoon();
  await addMembership(platform.db, viewer._id, doc._id, platform.clock.now());
  await setActiveCampaign(platform.db, viewer._id, doc._id);
  return {
    activeCampaignId: doc._id.toHexString(),
    campaignName: doc.name,
    title: CampaignMessages.selectedTitle(doc.name),
    message: CampaignMessages.selected,
  };
}

function slugify(name: string): string {
  const slug =
    name
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'campaign';
  // `/campaigns/:id` takes an id or a slug, ids first: a slug shaped like an id could name another campaign.
  return /^[0-9a-f]{24}$/.test(slug) ? `campaign-${slug}` : slug;
}

/** The zone as Intl names it; an unknown name changes nothing. */
function checkedTimeZone(value: string): string {
  const zone = canonicalTimeZone(value);
  if (!zone) throw badRequest(CallingHoursMessages.badTimeZone);
  return zone;
}

/** Each state's window must start before it ends, as the campaign's own. */
function checkedStateRules(rules: StateCallingRules): StateCallingRules {
  if (!Object.values(rules).every((rule) => validCallingHours(rule.hours)))
    throw badRequest(StateRulesMessages.badStateRules);
  return rules;
}

function checkedHours(hours: CallingHours): CallingHours {
  if (!validCallingHours(hours)) throw badRequest(CallingHoursMessages.badHours);
  return { start: hours.start, end: hours.end };
}

function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(CampaignMessages.invalid);
  return date;
}

/**
 * Owners (for themselves) and admins. `slug` is made from the name and stays fixed afterwards (links use it);
 * only trusted code (the demo seed) chooses it, for the spec's fixed keys (hotel, adwords...).
 */
export async function createCampaign(
  platform: Platform,
  viewer: UserDoc,
  body: CampaignCreateBody,
  fixedSlug?: string,
): Promise<CampaignDetail> {
  if (viewer.role !== 'owner' && viewer.role !== 'admin') throw forbidden(CampaignMessages.ownersOnly);
  if (!body.name.trim() || !body.description.trim()) throw badRequest(CampaignMessages.invalid);
  const now = platform.clock.now();
  const limitedUntil = parseDate(body.limitedUntil);
  const timeZone = body.timeZone === undefined ? 'UTC' : checkedTimeZone(body.timeZone);
  const callingHours = checkedHours(body.callingHours ?? DEFAULT_CALLING_HOURS);
  const base = fixedSlug ?? slugify(body.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc: CampaignDoc = {
      _id: new ObjectId(),
      slug: attempt === 0 ? base : `${base}-${new ObjectId().toHexString().slice(-4)}`,
      name: body.name.trim(),
      description: body.description.trim(),
      status: body.status,
      roleNeeded: body.roleNeeded,
      payoutRange: body.payoutRange.trim(),
      leadSourceType: body.leadSourceType ?? 'Supplied',
      campaignTypes: body.campaignTypes ?? [],
      isProfitShare: body.isProfitShare ?? false,
      isLimited: body.isLimited ?? false,
      ...(limitedUntil ? { limitedUntil } : {}),
      commissionStructure: {
        ...body.commissionStructure,
        override: body.commissionStructure.override ?? { ...DEFAULT_OVERRIDE_PERCENT },
      },
      payoutDetails: body.payoutDetails ?? '',
      tiers: body.tiers ?? [],
      holdDays: body.holdDays ?? DEFAULT_HOLD_DAYS,
      leadIdleHours: 72,
      timeZone,
      callingHours,
      ...(body.stateRules ? { stateRules: checkedStateRules(body.stateRules) } : {}),
      announceRecording: body.announceRecording ?? false,
      noRecordingInConsentStates: body.noRecordingInConsentStates ?? false,
      ...(body.closingDesks ? { closingDesks: checkedDesks(body.closingDesks) } : {}),
      ownerId: viewer._id,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await insertCampaign(platform.db, doc);
      return campaignDetail(platform, viewer, doc._id.toHexString());
    } catch (error) {
      if (!isDuplicateKey(error, 'slug')) throw error;
    }
  }
  throw conflict(CampaignMessages.slugTaken);
}

/** Only the campaign's owner or an admin; agents get 403 whatever they send. */
export async function editCampaign(
  platform: Platform,
  viewer: UserDoc,
  idOrSlug: string,
  body: CampaignUpdateBody,
): Promise<CampaignDetail> {
  const doc = await load(platform, idOrSlug);
  if (!canEdit(viewer, doc)) throw forbidden(CampaignMessages.notOwner);
  const set: Partial<CampaignDoc> = { updatedAt: platform.clock.now() };
  const unset: string[] = [];
  for (const key of ['name', 'description', 'payoutRange'] as const) {
    if (body[key] !== undefined) {
      if (!body[key].trim()) throw badRequest(CampaignMessages.invalid);
      set[key] = body[key].trim();
    }
  }
  for (const key of [
    'status',
    'roleNeeded',
    'leadSourceType',
    'campaignTypes',
    'isProfitShare',
    'isLimited',
    'commissionStructure',
    'payoutDetails',
    'tiers',
    'holdDays',
    'announceRecording',
    'noRecordingInConsentStates',
  ] as const) {
    if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key];
  }
  if (body.timeZone !== undefined) set.timeZone = checkedTimeZone(body.timeZone);
  if (body.callingHours !== undefined) set.callingHours = checkedHours(body.callingHours);
  if (body.stateRules !== undefined) set.stateRules = checkedStateRules(body.stateRules);
  if (body.closingDesks !== undefined) set.closingDesks = checkedDesks(body.closingDesks);
  if (body.limitedUntil === null) unset.push('limitedUntil');
  else if (body.limitedUntil !== undefined) set.limitedUntil = parseDate(body.limitedUntil);
  const updated = await updateCampaign(platform.db, doc._id, set, unset);
  if (!updated) throw missing();
  return campaignDetail(platform, viewer, updated._id.toHexString());
}
