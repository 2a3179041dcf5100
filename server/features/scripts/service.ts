import { ObjectId } from 'mongodb';
import {
  ScriptMessages,
  type ScriptItem,
  type ScriptList,
  type ScriptUpdateBody,
} from '../../../shared/schemas/scripts/list.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { findCampaignByIdOrSlug, findCampaignBySlug } from '../campaigns/public.js';
import type { UserDoc } from '../users/public.js';
import { findScript, findScripts, insertScriptOnce, updateScript, type ScriptDoc } from './repository.js';

/** Admins edit every script; an owner edits the scripts of the campaigns they own. */
async function editableCampaigns(platform: Platform, viewer: UserDoc, slugs: string[]): Promise<Set<string>> {
  if (viewer.role === 'admin') return new Set(slugs);
  if (viewer.role !== 'owner') return new Set();
  const owned = new Set<string>();
  for (const slug of new Set(slugs)) {
    const campaign = await findCampaignBySlug(platform.db, slug);
    if (campaign?.ownerId?.equals(viewer._id)) owned.add(slug);
  }
  return owned;
}

function toScriptItem(script: ScriptDoc, editable: boolean): ScriptItem {
  return {
    id: script._id.toHexString(),
    title: script.title,
    category: script.category,
    campaign: script.campaign,
    content: script.content,
    type: script.type,
    lastUpdated: script.updatedAt.toISOString(),
    editable,
  };
}

/** `?campaign=` takes a slug or a campaign id; scripts are filed by slug. */
async function campaignSlug(platform: Platform, value: string | undefined): Promise<string | undefined> {
  const key = value?.trim();
  if (!key) return undefined;
  if (/^[0-9a-f]{24}$/.test(key)) return (await findCampaignByIdOrSlug(platform.db, key))?.slug ?? key;
  return key.toLowerCase();
}

export async function listScripts(
  platform: Platform,
  viewer: UserDoc,
  campaign: string | undefined,
): Promise<ScriptList> {
  const docs = await findScripts(platform.db, await campaignSlug(platform, campaign));
  const editable = await editableCampaigns(
    platform,
    viewer,
    docs.map((d) => d.campaign),
  );
  return { items: docs.map((d) => toScriptItem(d, editable.has(d.campaign))) };
}

export async function editScript(
  platform: Platform,
  editor: UserDoc,
  id: string,
  body: ScriptUpdateBody,
): Promise<ScriptItem> {
  const script = await findScript(platform.db, new ObjectId(id));
  if (!script) throw notFound(ScriptMessages.notFound);
  if (!(await editableCampaigns(platform, editor, [script.campaign])).has(script.campaign))
    throw forbidden(ScriptMessages.ownersOnly);
  const changes: ScriptUpdateBody = {};
  if (body.title !== undefined) {
    if (!body.title.trim()) throw badRequest(ScriptMessages.titleEmpty);
    changes.title = body.title.trim();
  }
  if (body.content !== undefined) {
    if (!body.content.trim()) throw badRequest(ScriptMessages.contentEmpty);
    changes.content = body.content.replace(/\r\n?/g, '\n').trim();
  }
  if (body.category !== undefined) changes.category = body.category.trim() || script.category;
  if (body.type !== undefined) changes.type = body.type;
  const updated = await updateScript(platform.db, script._id, changes, editor._id, platform.clock.now());
  if (!updated) throw notFound(ScriptMessages.notFound);
  return toScriptItem(updated, true);
}

export type NewScript = Omit<ScriptDoc, '_id' | 'updatedAt' | 'updatedBy'>;

export async function addScriptOnce(platform: Platform, script: NewScript): Promise<void> {
  await insertScriptOnce(platform.db, { ...script, updatedAt: platform.clock.now() });
}
