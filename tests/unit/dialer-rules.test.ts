import { describe, expect, it } from 'vitest';
import {
  callingTimeZone,
  secondsUntilNextUtcDay,
  startOfUtcDay,
  withinCallingHours,
} from '../../server/features/dialer/compliance.js';
import { recordingWav } from '../../server/features/dialer/recording.js';
import { scaledTimings, simulatedOutcome, SPEC_TIMINGS } from '../../server/platform/telephony/simulator.js';
import { parseRange } from '../../server/features/calls/service.js';
import { dialerMessages, formatDuration, formatPhone, normalizePhone } from '../../shared/schemas/dialer/messages.js';

describe('simulated provider', () => {
  it("has the spec's timings by default", () => {
    expect(SPEC_TIMINGS).toMatchObject({
      initializeMs: 1_000,
      connectMs: 1_500,
      ringMs: 2_000,
      endMs: 500,
      idleMs: 1_000,
      muteMs: 300,
      autoDialDelayMs: 2_000,
    });
    expect(scaledTimings()).toEqual(SPEC_TIMINGS);
    expect(scaledTimings({ speed: 4 }).ringMs).toBe(500);
  });

  it('decides the outcome by number', () => {
    expect(simulatedOutcome('(555) 123-4560')).toBe('no-answer');
    expect(simulatedOutcome('555-123-4569')).toBe('voicemail');
    expect(simulatedOutcome('5551234567')).toBe('answered');
    expect(simulatedOutcome('12345')).toBe('failed');
  });
});

describe('calling hours', () => {
  const at = new Date('2026-01-05T13:30:00Z');
  it('allows 8:00-21:00 in the given zone only', () => {
    expect(withinCallingHours(at, 'America/New_York')).toMatchObject({ allowed: true, local: { text: '8:30' } });
    expect(withinCallingHours(at, 'America/Los_Angeles')).toMatchObject({ allowed: false, local: { text: '5:30' } });
    expect(withinCallingHours(new Date('2026-01-05T19:00:00Z'), 'Africa/Cairo')).toMatchObject({
      allowed: false,
      local: { text: '21:00' },
    });
    expect(withinCallingHours(at, 'Not/AZone')).toEqual({ allowed: false, local: null });
  });

  it("takes the lead's zone, then its details', then the campaign's", () => {
    expect(
      callingTimeZone({ timeZone: 'Asia/Dubai', details: { timeZone: 'Africa/Cairo' } }, { timeZone: 'UTC' }),
    ).toBe('Asia/Dubai');
    expect(callingTimeZone({ details: { timeZone: 'Africa/Cairo' } }, { timeZone: 'UTC' })).toBe('Africa/Cairo');
    expect(callingTimeZone({ details: {} }, { timeZone: 'UTC' })).toBe('UTC');
    expect(callingTimeZone(null, null)).toBeUndefined();
  });

  it('counts the daily cap from midnight UTC', () => {
    expect(startOfUtcDay(at).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(secondsUntilNextUtcDay(at)).toBe(10.5 * 3600);
  });
});

describe('formatting and messages', () => {
  it('shows 10-digit numbers as (xxx) xxx-xxxx and durations as m:ss', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    // Other countries: libphonenumber-js's international format (Egypt's mobile numbers: 2 + 8 digits).
    expect(formatPhone('+20 100 123 4567')).toBe('+20 10 01234567');
    expect(formatPhone('+44 2079460958')).toBe('+44 20 7946 0958');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(125)).toBe('2:05');
    expect(normalizePhone('+1 (555) 123-4567')).toBe('5551234567');
  });

  it('has the spec catalogue word for word', () => {
    const m = dialerMessages('Zoom Phone');
    expect(m.initFailed).toBe('Failed to connect to Zoom Phone services');
    expect(m.calling('5551234567')).toBe('Calling (555) 123-4567...');
    expect(m.callConnected('5551234567')).toBe('Call connected to (555) 123-4567');
    expect(m.callCompleted('5551234567')).toBe('Call completed to (555) 123-4567');
    expect(m.callCompletedDescription(65)).toBe('Duration: 1:05');
    expect(m.autoDialOn).toBe('Auto-dialer enabled - will dial contacts in queue automatically');
    expect(m.autoDialOff).toBe('Auto-dialer disabled');
    expect(m.addedToQueue('Ann')).toBe('Added Ann to call queue');
  });
});

describe('recordings and exports', () => {
  it('makes a real mu-law WAV, as real calls are stored', () => {
    const wav = recordingWav(3, '5551234567');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(7);
    expect(wav.readUInt32LE(24)).toBe(8_000);
    expect(wav.readUInt32LE(54)).toBe(3 * 8_000);
    expect(wav.length).toBe(58 + 3 * 8_000);
    // Not silence: the tones are there.
    expect(wav.subarray(58).some((byte) => byte !== 0xff && byte !== 0x7f)).toBe(true);
  });

  it('parses byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
  });
});
