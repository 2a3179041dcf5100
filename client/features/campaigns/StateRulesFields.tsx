import { Plus } from 'lucide-react';
import { STATE_CALLING_RULES } from '../../../shared/constants.js';
import { hoursText, validCallingHours } from '../../../shared/schemas/campaigns/calling-hours.js';
import type { StateCallingRules } from '../../../shared/schemas/campaigns/state-rules.js';
import { StateRulesMessages } from '../../../shared/schemas/campaigns/state-rules.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import styles from './Campaigns.module.css';
import { RemoveRowButton } from './RemoveRowButton.js';

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

const builtIn = Object.entries(STATE_CALLING_RULES)
  .map(
    ([state, rule]) =>
      `${state} ${hoursText(rule.hours.start)}-${hoursText(rule.hours.end)}${rule.maxCallsPer24h ? `, at most ${rule.maxCallsPer24h} calls per 24 h` : ''}`,
  )
  .join('; ');

/**
 * The campaign's state calling rules: each replaces that state's built-in rule or adds a state; the stricter of a
 * state's rule and the campaign's calling hours applies to its leads.
 */
export function StateRulesFields({
  rows,
  onChange,
  isDisabled,
}: {
  rows: StateRuleRow[];
  onChange: (rows: StateRuleRow[]) => void;
  isDisabled: boolean;
}) {
  const update = (index: number, change: Partial<StateRuleRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const missingBuiltIns = Object.keys(STATE_CALLING_RULES).filter(
    (state) => !rows.some((row) => row.state.trim().toUpperCase() === state),
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend>State calling rules</legend>
      <p className={styles.fieldsetNote}>
        Built in: {builtIn}. A rule here replaces a state&apos;s built-in rule or adds a state; the stricter of it and
        the calling hours above applies.
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div key={index} className={styles.stateRuleRow}>
            <TextField
              label={`Rule ${n}: state`}
              placeholder="FL"
              maxLength={2}
              value={row.state}
              onChange={(state) => update(index, { state: state.toUpperCase() })}
              isDisabled={isDisabled}
            />
            <TextField
              label={`Rule ${n}: from`}
              type="time"
              value={row.start}
              onChange={(start) => update(index, { start })}
              isDisabled={isDisabled}
            />
            <TextField
              label={`Rule ${n}: until`}
              type="time"
              value={row.end}
              onChange={(end) => update(index, { end })}
              isDisabled={isDisabled}
            />
            <TextField
              label={`Rule ${n}: calls per 24 h`}
              type="number"
              placeholder="No limit"
              value={row.maxCalls}
              onChange={(maxCalls) => update(index, { maxCalls })}
              isDisabled={isDisabled}
            />
            <RemoveRowButton
              label={`Remove rule ${n}`}
              onRemove={() => onChange(rows.filter((_, i) => i !== index))}
              isDisabled={isDisabled}
            />
          </div>
        );
      })}
      <div className={styles.fieldsetActions}>
        <Button
          variant="secondary"
          size="sm"
          onPress={() => onChange([...rows, { state: '', start: '08:00', end: '20:00', maxCalls: '' }])}
          isDisabled={isDisabled}
        >
          <Plus size={16} aria-hidden="true" /> Add state rule
        </Button>
        {missingBuiltIns.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onPress={() =>
              onChange([
                ...rows,
                ...rowsFrom(Object.fromEntries(missingBuiltIns.map((state) => [state, STATE_CALLING_RULES[state]!]))),
              ])
            }
            isDisabled={isDisabled}
          >
            Copy built-in rules
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
