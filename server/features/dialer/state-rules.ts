import { STATE_CALLING_RULES } from '../../../shared/constants.js';
import { minutesOfDay, type CallingHours } from '../../../shared/schemas/campaigns/calling-hours.js';
import type { StateCallingRule, StateCallingRules } from '../../../shared/schemas/campaigns/state-rules.js';

/**
 * Area codes of the states with a default rule (STATE_CALLING_RULES), from NANPA's assignments, overlays included.
 * A number's area code is where it was issued, not where its owner lives; a lead's own `details.state` wins.
 */
const AREA_CODES_OF: Record<string, string> = {
  FL: '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954',
  OK: '405 539 572 580 918',
  MD: '227 240 301 410 443 667',
  WA: '206 253 360 425 509 564',
};
const STATE_OF_AREA_CODE = new Map(
  Object.entries(AREA_CODES_OF).flatMap(([state, codes]) => codes.split(' ').map((code) => [code, state] as const)),
);

/** The US state a dial goes to: the lead's `details.state` (a two-letter code), else the number's area code when it is in the table. */
export function usStateOf(details: Record<string, unknown> | undefined, phoneDigits: string): string | undefined {
  const given = details?.state;
  if (typeof given === 'string' && /^[A-Za-z]{2}$/.test(given.trim())) return given.trim().toUpperCase();
  const digits = phoneDigits.length === 11 && phoneDigits.startsWith('1') ? phoneDigits.slice(1) : phoneDigits;
  return digits.length === 10 ? STATE_OF_AREA_CODE.get(digits.slice(0, 3)) : undefined;
}

/** The campaign's rule for the state, else the default one, else none (the federal window only). */
export function stateRuleFor(
  state: string | undefined,
  campaignRules: StateCallingRules | undefined,
): StateCallingRule | undefined {
  if (!state) return undefined;
  return campaignRules?.[state] ?? STATE_CALLING_RULES[state];
}

/** The window both allow: the later start and the earlier end. */
export function narrowHours(a: CallingHours, b: CallingHours): CallingHours {
  return {
    start: minutesOfDay(a.start) >= minutesOfDay(b.start) ? a.start : b.start,
    end: minutesOfDay(a.end) <= minutesOfDay(b.end) ? a.end : b.end,
  };
}

/** Full names for the refusal ("the most Florida allows"); other codes are shown as given. */
const STATE_NAMES: Record<string, string> = { FL: 'Florida', OK: 'Oklahoma', MD: 'Maryland', WA: 'Washington' };
export const stateName = (state: string): string => STATE_NAMES[state] ?? state;
