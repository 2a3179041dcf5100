import { describe, expect, it } from 'vitest';
import { dialResultOf } from '../../server/platform/telephony/dial-result.js';
import { callTransition, startCall } from '../../server/features/dialer/machine.js';
import { simulatedCall } from '../../server/platform/telephony/simulator.js';
import { ManualClock } from '../../server/platform/clock.js';

describe('the SIP end of an unanswered call', () => {
  it('tells busy, no answer, declined, not in service and failed apart, keeping the code and reason', () => {
    expect(dialResultOf({ code: 486, reason: 'Busy Here' })).toEqual({
      result: 'busy',
      cause: { code: 486, reason: 'Busy Here' },
    });
    expect(dialResultOf({ code: 600, reason: 'Busy Everywhere' }).result).toBe('busy');
    expect(dialResultOf({ code: 603, reason: 'Decline' }).result).toBe('declined');
    expect(dialResultOf({ code: 607, reason: 'Unwanted' }).result).toBe('declined');
    for (const code of [404, 410, 484, 485, 604])
      expect(dialResultOf({ code, reason: 'x' }).result).toBe('not-in-service');
    for (const code of [408, 480, 487]) expect(dialResultOf({ code, reason: 'x' }).result).toBe('no-answer');
    expect(dialResultOf({ code: 503, reason: 'Service Unavailable' })).toEqual({
      result: 'failed',
      cause: { code: 503, reason: 'Service Unavailable' },
    });
  });

  it('counts our own ring timeout as no answer whatever the CANCEL brought back, and no answer at all as failed', () => {
    expect(dialResultOf({ code: 487, reason: 'Request Terminated', timedOut: true })).toEqual({
      result: 'no-answer',
      cause: { code: 487, reason: 'Request Terminated' },
    });
    expect(dialResultOf({ timedOut: true })).toEqual({ result: 'no-answer' });
    expect(dialResultOf({})).toEqual({ result: 'failed' });
    expect(dialResultOf({ code: 42, reason: 'nonsense' })).toEqual({ result: 'failed' });
  });
});

describe('the simulator imitates the local carrier on its numbers', () => {
  it('555-010-00NN as on the carrier, other numbers by last digit', () => {
    expect(simulatedCall('555-010-0002')).toMatchObject({
      outcome: 'no-answer',
      rings: false,
      result: 'busy',
      cause: { code: 486 },
    });
    expect(simulatedCall('+1 555 010 0003')).toMatchObject({
      outcome: 'no-answer',
      rings: true,
      result: 'no-answer',
      cause: { code: 487 },
    });
    expect(simulatedCall('5550100005')).toMatchObject({ outcome: 'answered', openLine: true });
    expect(simulatedCall('5550100006')).toMatchObject({ result: 'declined', cause: { code: 603 } });
    expect(simulatedCall('5550100042')).toMatchObject({
      outcome: 'failed',
      rings: false,
      result: 'not-in-service',
      cause: { code: 404, reason: 'Not Found' },
    });
    expect(simulatedCall('5551234560')).toMatchObject({ outcome: 'no-answer', rings: true, result: 'no-answer' });
    expect(simulatedCall('5551234567')).toEqual({ outcome: 'answered', rings: true });
    expect(simulatedCall('12345')).toEqual({ outcome: 'failed', rings: false });
  });
});

describe('call machine: ringing and why a call never connected', () => {
  const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));
  const start = () => {
    const started = startCall({ phone: '5550100002', phoneStatus: 'connected', liveCall: null }, 'Phone', clock);
    if (!started.ok) throw new Error(started.error);
    return started.value;
  };

  it('marks the first ring once, and early media when a later 183 brings it', () => {
    const ringing = callTransition(start(), { type: 'ringing' }, 'Phone', clock);
    expect(ringing).toMatchObject({ ok: true, changed: true, value: { state: 'calling', ringingAt: clock.now() } });
    if (!ringing.ok) return;
    expect(callTransition(ringing.value, { type: 'ringing' }, 'Phone', clock)).toMatchObject({ changed: false });
    expect(callTransition(ringing.value, { type: 'ringing', earlyMedia: true }, 'Phone', clock)).toMatchObject({
      changed: true,
      value: { earlyMedia: true },
    });
  });

  it('keeps the result and the SIP cause on the ended call, status missed', () => {
    const busy = callTransition(
      start(),
      { type: 'no-answer', result: 'busy', cause: { code: 486, reason: 'Busy Here' } },
      'Phone',
      clock,
    );
    expect(busy).toMatchObject({
      ok: true,
      value: { state: 'ended', status: 'missed', dialResult: 'busy', sipCause: { code: 486, reason: 'Busy Here' } },
    });
    expect(callTransition(start(), { type: 'failed' }, 'Phone', clock)).toMatchObject({
      value: { status: 'missed', dialResult: 'failed' },
    });
  });
});
