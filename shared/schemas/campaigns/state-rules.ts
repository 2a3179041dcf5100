import { Type, type Static } from 'typebox';
import { CallingHoursSchema } from './calling-hours.js';

export const StateRulesMessages = {
  badStateRules:
    'State calling rules need a two-letter US state code, calling hours (HH:MM, 24-hour) and at most 1-50 calls per 24 hours.',
  duplicateState: 'Each state can have only one calling rule.',
} as const;

/** One state's stricter telemarketing rule: its calling window, and optionally how many calls one number may get in 24 h. */
export const StateCallingRuleSchema = Type.Object(
  {
    hours: CallingHoursSchema,
    maxCallsPer24h: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type StateCallingRule = Static<typeof StateCallingRuleSchema>;

/**
 * A campaign's `stateRules`: per two-letter state code, replacing that state's default (STATE_CALLING_RULES in
 * shared/constants.ts) or adding a state. The stricter of it and the campaign's own hours applies.
 */
export const StateCallingRulesSchema = Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), StateCallingRuleSchema, {
  additionalProperties: false,
  maxProperties: 60,
  errorMessage: StateRulesMessages.badStateRules,
});
export type StateCallingRules = Static<typeof StateCallingRulesSchema>;
