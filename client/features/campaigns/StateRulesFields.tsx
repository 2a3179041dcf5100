import { STATE_CALLING_RULES } from '../../../shared/constants.js';
import { hoursText } from '../../../shared/schemas/campaigns/calling-hours.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { EditableRowList } from './EditableRowList.js';
import { rowsFrom, type StateRuleRow } from './state-rule-rows.js';

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
  const missingBuiltIns = Object.keys(STATE_CALLING_RULES).filter(
    (state) => !rows.some((row) => row.state.trim().toUpperCase() === state),
  );
  return (
    <EditableRowList
      legend="State calling rules"
      note={
        <>
          Built in: {builtIn}. A rule here replaces a state&apos;s built-in rule or adds a state; the stricter of it and
          the calling hours above applies.
        </>
      }
      rows={rows}
      onChange={onChange}
      isDisabled={isDisabled}
      noun="Rule"
      fields={(row, label, update) => (
        <>
          <TextField
            label={`${label}: state`}
            placeholder="FL"
            maxLength={2}
            value={row.state}
            onChange={(state) => update({ state: state.toUpperCase() })}
            isDisabled={isDisabled}
          />
          <TextField
            label={`${label}: from`}
            type="time"
            value={row.start}
            onChange={(start) => update({ start })}
            isDisabled={isDisabled}
          />
          <TextField
            label={`${label}: until`}
            type="time"
            value={row.end}
            onChange={(end) => update({ end })}
            isDisabled={isDisabled}
          />
          <TextField
            label={`${label}: calls per 24 h`}
            type="number"
            placeholder="No limit"
            value={row.maxCalls}
            onChange={(maxCalls) => update({ maxCalls })}
            isDisabled={isDisabled}
          />
        </>
      )}
      add={{ label: 'Add state rule', row: { state: '', start: '08:00', end: '20:00', maxCalls: '' } }}
      moreActions={
        missingBuiltIns.length > 0 ? (
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
        ) : null
      }
    />
  );
}
