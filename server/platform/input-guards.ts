import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

const MAX_DEPTH = 20;

/** True when a NUL character appears in any string or key of the value (MongoDB refuses it in keys and patterns). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  return false;
}

/**
 * No text a person types contains a NUL character; refusing it at the door keeps it away from search patterns,
 * keys and files, where it would otherwise surface as a server error deep inside a feature.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      throw badRequest('The request contains a character that is not allowed.');
    }
  });
}
