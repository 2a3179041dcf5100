import { validCallingHours } from '../../../shared/schemas/campaigns/calling-hours.js';
import type { StateCallingRules } from '../../../shared/schemas/campaigns/state-rules.js';
import { StateRulesMessages } from '../../../shared/schemas/campaigns/state-rules.js';

/** One row of the form: a state's own rule, as typed. */
export interface StateRuleRow {
  state: string;
  start: string;
  end: string;
  maxCalls: string;
}

export function rowsFrom(rules: StateCallingRules | undefined): StateRuleRow[] {
  return Object.entries(rules ?? {}).map(([state, rule]) => ({
    state,
    start: rule.hours.start,
    end: rule.hours.end,
    maxCalls: rule.maxCallsPer24h ? String(rule.maxCallsPer24h) : '',
  }));
}

/** Blank rows are dropped; a number that is not one stays a string, so the schema reports it. */
export function rulesFrom(rows: StateRuleRow[]): StateCallingRules {
  const typed = rows.filter((row) => row.state.trim() || row.start || row.end || row.maxCalls.trim());
  return Object.fromEntries(
    typed.map((row) => {
      const max = row.maxCalls.trim();
      const maxCalls = max === '' ? undefined : Number.isInteger(Number(max)) ? Number(max) : max;
      return [
        row.state.trim().toUpperCase(),
        { hours: { start: row.start, end: row.end }, ...(maxCalls === undefined ? {} : { maxCallsPer24h: maxCalls }) },
      ];
    }),
  ) as StateCallingRules;
}

/** What the schema cannot see: the same state twice, or a window that ends before it starts. */
export function stateRulesProblem(rows: StateRuleRow[], rules: StateCallingRules): string | undefined {
  const states = rows.map((row) => row.state.trim().toUpperCase()).filter(Boolean);
  if (new Set(states).size !== states.length) return StateRulesMessages.duplicateState;
  return Object.values(rules).every((rule) => validCallingHours(rule.hours))
    ? undefined
    : StateRulesMessages.badStateRules;
}
