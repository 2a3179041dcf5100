import { Type, type Static } from 'typebox';

export const CallingHoursMessages = {
  badTimeZone: 'Choose a time zone from the list (e.g. America/New_York).',
  badHours: 'Calling hours must start before they end (HH:MM, 24-hour).',
} as const;

/** `HH:MM`, 24-hour. `end` may be 24:00 (until midnight). */
export const CallingHoursSchema = Type.Object(
  {
    start: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }),
    end: Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' }),
  },
  { additionalProperties: false, errorMessage: CallingHoursMessages.badHours },
);
export type CallingHours = Static<typeof CallingHoursSchema>;

/** The law's usual window (TCPA: 8 am to 9 pm at the called party's location). */
export const DEFAULT_CALLING_HOURS: CallingHours = { start: '08:00', end: '21:00' };

/** An IANA name such as America/New_York; the server checks it against the zones Intl knows. */
export const TimeZoneSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z][A-Za-z0-9_+\\-/]*$',
  errorMessage: CallingHoursMessages.badTimeZone,
});

export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `08:00` -> `8:00`, as the dialer's messages show times. */
export const hoursText = (hhmm: string): string => `${Number(hhmm.slice(0, 2))}:${hhmm.slice(3, 5)}`;

export const validCallingHours = (hours: CallingHours): boolean => minutesOfDay(hours.start) < minutesOfDay(hours.end);
