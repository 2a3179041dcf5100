import { WaitlistJoinBody } from '../../../shared/schemas/waitlist/join.js';
import { schemaError } from '../../api/validate.js';

/** The shared schema's verdict (lengths, known campaign interest), worded as the server words it. */
export function waitlistSchemaProblem(body: Record<keyof WaitlistJoinBody, string>): string | undefined {
  return schemaError(WaitlistJoinBody, body);
}
