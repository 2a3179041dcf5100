import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { findCampaignBySlug } from './repository.js';

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const SLUG = /^[0-9A-Za-z][0-9A-Za-z-]{0,99}$/;

/**
 * Every route that takes a campaign as `campaignId` (query, JSON body or params) takes its slug as well: the slug
 * becomes the id before the route's schema sees it, so services deal in ids only. An unknown slug is a 404 "Campaign
 * not found."; a value shaped like neither is left to the schema (400). `/campaigns/:id` routes resolve `:id` in the
 * campaigns service, the same way.
 */
export function acceptCampaignSlugs(api: FastifyInstance, platform: Platform): void {
  api.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.body, request.params]) {
      if (!part || typeof part !== 'object' || Array.isArray(part)) continue;
      const fields = part as Record<string, unknown>;
      const value = fields.campaignId;
      if (typeof value !== 'string' || OBJECT_ID.test(value) || !SLUG.test(value)) continue;
      const campaign = await findCampaignBySlug(platform.db, value);
      if (!campaign) throw notFound('Campaign not found.');
      fields.campaignId = campaign._id.toHexString();
    }
  });
}
