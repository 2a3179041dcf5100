import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { TextField } from '../../ui/TextField.js';
import field from '../../ui/Field.module.css';
import page from '../../ui/Page.module.css';
import styles from './Campaigns.module.css';

/** Every IANA zone this browser knows; UTC first, as existing campaigns use it. */
function timeZoneOptions(): Array<{ id: string }> {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')].map((id) => ({ id }));
}

export interface CallingHoursValue {
  timeZone: string;
  callingStart: string;
  callingEnd: string;
}

export function CallingHoursFields({
  value,
  onChange,
  isDisabled,
}: {
  value: CallingHoursValue;
  onChange: (next: Partial<CallingHoursValue>) => void;
  isDisabled: boolean;
}) {
  const options = useMemo(timeZoneOptions, []);
  return (
    <fieldset className={styles.fieldset}>
      <legend>Calling hours</legend>
      <div className={page.formGrid}>
        <ComboBox
          className={field.field}
          defaultItems={options}
          allowsCustomValue
          inputValue={value.timeZone}
          onInputChange={(timeZone) => onChange({ timeZone })}
          onSelectionChange={(key) => (key == null ? undefined : onChange({ timeZone: String(key) }))}
          isDisabled={isDisabled}
          isRequired
        >
          <Label className={field.label}>Time zone</Label>
          <div className={styles.comboRow}>
            <Input className={field.input} placeholder="America/New_York" />
            <AriaButton className={field.trigger} aria-label="Show time zones">
              <ChevronDown size={16} aria-hidden="true" />
            </AriaButton>
          </div>
          <Text slot="description" className={field.description}>
            For leads whose own zone is unknown (neither imported nor given by their phone number).
          </Text>
          <Popover className={field.popover}>
            <ListBox className={field.listbox}>
              {(option: { id: string }) => (
                <ListBoxItem id={option.id} className={field.option} textValue={option.id}>
                  {option.id}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <TextField
          label="Calls from"
          type="time"
          value={value.callingStart}
          onChange={(callingStart) => onChange({ callingStart })}
          isRequired
          isDisabled={isDisabled}
          description="Local to the lead"
        />
        <TextField
          label="Calls until"
          type="time"
          value={value.callingEnd}
          onChange={(callingEnd) => onChange({ callingEnd })}
          isRequired
          isDisabled={isDisabled}
          description="Local to the lead"
        />
      </div>
    </fieldset>
  );
}
