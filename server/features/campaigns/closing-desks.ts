import { createHash } from 'node:crypto';
import {
  ClosingDeskMessages,
  deskNumber,
  type ClosingDesk,
  type ClosingDeskInput,
} from '../../../shared/schemas/campaigns/closing-desks.js';
import { badRequest } from '../../platform/errors.js';

/**
 * The owner's closing desks as stored: each number dialable (E.164 or a SIP URI), each name once. A desk's id comes
 * from its name and number, so saving the form again keeps the ids an open Transfer menu holds.
 */
export function checkedDesks(desks: ClosingDeskInput[]): ClosingDesk[] {
  const names = new Set<string>();
  return desks.map((desk) => {
    const name = desk.name.trim();
    if (!name) throw badRequest(ClosingDeskMessages.badName);
    if (names.has(name.toLowerCase())) throw badRequest(ClosingDeskMessages.duplicate);
    names.add(name.toLowerCase());
    const number = deskNumber(desk.number);
    if (!number) throw badRequest(ClosingDeskMessages.badNumber);
    const id = createHash('sha256').update(`${name}\n${number}`).digest('hex').slice(0, 16);
    return { id, name, number };
  });
}
