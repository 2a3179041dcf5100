import { ObjectId } from 'mongodb';
import { ClientMessages, type ClientItem } from '../../../shared/schemas/clients/client.js';
import type { ClientList, ClientListQuery } from '../../../shared/schemas/clients/list.js';
import type { ClientUpdateBody } from '../../../shared/schemas/clients/update.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { campaignInfos, inScope, leadScopeFor, type CampaignInfo } from '../campaigns/public.js';
import type { UserDoc } from '../users/public.js';
import { findClientById, listClients, updateClient, type ClientDoc } from './repository.js';

const iso = (d: Date | undefined) => d?.toISOString();

export function toClientItem(doc: ClientDoc, campaign: CampaignInfo | undefined): ClientItem {
  const item: ClientItem = {
    id: doc._id.toHexString(),
    leadId: doc.leadId.toHexString(),
    name: doc.name,
    campaignId: doc.campaignId.toHexString(),
    campaign: campaign?.slug ?? '',
    campaignName: campaign?.name ?? '',
    progress: doc.progress,
    stage: doc.stage,
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
  if (doc.email) item.email = doc.email;
  if (doc.phone) item.phone = doc.phone;
  if (doc.company) item.company = doc.company;
  if (doc.lastContactAt) item.lastContact = iso(doc.lastContactAt);
  if (doc.nextAction) item.nextAction = doc.nextAction;
  if (doc.nextActionDate) item.nextActionDate = iso(doc.nextActionDate);
  if (doc.assignedTo) item.assignedTo = doc.assignedTo.toHexString();
  return item;
}

export async function listClientsFor(platform: Platform, user: UserDoc, query: ClientListQuery): Promise<ClientList> {
  const limit = query.limit ?? 25;
  const docs = await listClients(platform.db, await leadScopeFor(platform, user), {
    campaignId: query.campaignId ? new ObjectId(query.campaignId) : undefined,
    status: query.status,
    before: query.cursor ? new ObjectId(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = docs.slice(0, limit);
  const campaigns = await campaignInfos(
    platform.db,
    page.map((d) => d.campaignId),
  );
  return {
    items: page.map((d) => toClientItem(d, campaigns.get(d.campaignId.toHexString()))),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
  };
}

export async function updateClientFor(
  platform: Platform,
  user: UserDoc,
  id: string,
  body: ClientUpdateBody,
): Promise<ClientItem> {
  const client = await findClientById(platform.db, id);
  if (!client || !inScope(await leadScopeFor(platform, user), client)) throw notFound(ClientMessages.notFound);
  if (Object.keys(body).length === 0) throw badRequest(ClientMessages.nothingToChange);
  const set: Partial<ClientDoc> = { updatedAt: platform.clock.now() };
  const unset: string[] = [];
  if (body.progress !== undefined) set.progress = body.progress;
  if (body.stage !== undefined) set.stage = body.stage;
  if (body.status !== undefined) set.status = body.status;
  if (body.nextAction !== undefined) {
    if (body.nextAction.trim()) set.nextAction = body.nextAction.trim();
    else unset.push('nextAction');
  }
  if (body.nextActionDate !== undefined) {
    if (body.nextActionDate === null) unset.push('nextActionDate');
    else {
      const date = new Date(body.nextActionDate);
      if (Number.isNaN(date.getTime())) throw badRequest('Please enter a valid date.');
      set.nextActionDate = date;
    }
  }
  const fresh = await updateClient(platform.db, client._id, set, unset);
  if (!fresh) throw notFound(ClientMessages.notFound);
  const campaigns = await campaignInfos(platform.db, [fresh.campaignId]);
  return toClientItem(fresh, campaigns.get(fresh.campaignId.toHexString()));
}
