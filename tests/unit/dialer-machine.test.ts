import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/platform/clock.js';
import {
  callTransition,
  checkQueue,
  phoneTransition,
  startCall,
  type CallCommand,
  type CallSnapshot,
  type CallState,
  type PhoneStatus,
} from '../../server/features/dialer/machine.js';
import { dialerMessages } from '../../shared/schemas/dialer/messages.js';

const PROVIDER = 'Zoom Phone';
const m = dialerMessages(PROVIDER);
const clock = new ManualClock(new Date('2026-01-05T15:00:00Z'));

function dialed(): CallSnapshot {
  const result = startCall({ phone: '5551234567', phoneStatus: 'connected', liveCall: null }, PROVIDER, clock);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function run(call: CallSnapshot, ...commands: Array<CallCommand | number>): CallSnapshot {
  for (const command of commands) {
    if (typeof command === 'number') {
      clock.advance(command);
      continue;
    }
    const result = callTransition(call, command, PROVIDER, clock);
    if (!result.ok) throw new Error(result.error);
    call = result.value;
  }
  return call;
}

describe('phone session', () => {
  const steps: Array<[PhoneStatus, Parameters<typeof phoneTransition>[1]['type'], PhoneStatus | string]> = [
    ['uninitialized', 'initialize', 'initializing'],
    ['failed', 'initialize', 'initializing'],
    ['initializing', 'initialized', 'initialized'],
    ['initialized', 'connect', 'connecting'],
    ['connecting', 'connected', 'connected'],
    ['initializing', 'init-failed', 'failed'],
    ['connecting', 'init-failed', 'failed'],
  ];
  it.each(steps)('%s --%s--> %s', (from, type, to) => {
    const result = phoneTransition(from, { type } as never, PROVIDER);
    expect(result).toEqual({ ok: true, value: to, changed: true });
  });

  it('connect before initialize: "Zoom Phone client not initialized"', () => {
    for (const status of ['uninitialized', 'initializing', 'failed'] as const) {
      expect(phoneTransition(status, { type: 'connect' }, PROVIDER)).toEqual({
        ok: false,
        error: 'Zoom Phone client not initialized',
      });
    }
  });

  it('repeated and late events change nothing', () => {
    expect(phoneTransition('connected', { type: 'initialize' }, PROVIDER)).toEqual({
      ok: true,
      value: 'connected',
      changed: false,
    });
    expect(phoneTransition('connected', { type: 'connect' }, PROVIDER)).toEqual({
      ok: true,
      value: 'connected',
      changed: false,
    });
    expect(phoneTransition('connected', { type: 'initialized' }, PROVIDER)).toEqual({
      ok: true,
      value: 'connected',
      changed: false,
    });
    expect(phoneTransition('uninitialized', { type: 'connected' }, PROVIDER)).toEqual({
      ok: true,
      value: 'uninitialized',
      changed: false,
    });
    expect(phoneTransition('connected', { type: 'init-failed' }, PROVIDER)).toEqual({
      ok: true,
      value: 'connected',
      changed: false,
    });
  });

  it("uses the provider's display name in its messages", () => {
    expect(phoneTransition('uninitialized', { type: 'connect' }, 'Acme Voice')).toEqual({
      ok: false,
      error: 'Acme Voice client not initialized',
    });
  });
});

describe('starting a call', () => {
  it('needs a connected phone service: "Zoom Phone not connected"', () => {
    for (const status of ['uninitialized', 'initializing', 'initialized', 'connecting', 'failed'] as const) {
      expect(startCall({ phone: '5551234567', phoneStatus: status, liveCall: null }, PROVIDER, clock)).toEqual({
        ok: false,
        error: m.notConnected,
        reason: 'PHONE_NOT_CONNECTED',
      });
    }
    expect(m.notConnected).toBe('Zoom Phone not connected');
  });

  it('refuses a second call while one is live: "Call already in progress"', () => {
    for (const state of ['calling', 'connected', 'ending', 'ended'] as const) {
      expect(
        startCall({ phone: '5551234567', phoneStatus: 'connected', liveCall: { state } }, PROVIDER, clock),
      ).toEqual({ ok: false, error: 'Call already in progress', reason: 'CALL_IN_PROGRESS' });
    }
    expect(
      startCall({ phone: '5551234567', phoneStatus: 'connected', liveCall: { state: 'idle' } }, PROVIDER, clock).ok,
    ).toBe(true);
  });

  it('refuses a blank number: "Please enter a phone number"', () => {
    for (const phone of ['', '   ', '() -']) {
      expect(startCall({ phone, phoneStatus: 'connected', liveCall: null }, PROVIDER, clock)).toEqual({
        ok: false,
        error: 'Please enter a phone number',
        reason: 'BLANK_NUMBER',
      });
    }
  });

  it("checks in the spec's order: connection, then call in progress, then number", () => {
    expect(
      startCall({ phone: '', phoneStatus: 'uninitialized', liveCall: { state: 'calling' } }, PROVIDER, clock),
    ).toEqual({ ok: false, error: m.notConnected, reason: 'PHONE_NOT_CONNECTED' });
    expect(startCall({ phone: '', phoneStatus: 'connected', liveCall: { state: 'calling' } }, PROVIDER, clock)).toEqual(
      { ok: false, error: m.callInProgress, reason: 'CALL_IN_PROGRESS' },
    );
  });

  it('starts in calling, stamped by the injected clock', () => {
    const call = dialed();
    expect(call.state).toBe('calling');
    expect(call.startedAt).toEqual(clock.now());
    expect(call.timeline).toEqual([{ state: 'calling', at: clock.now() }]);
  });
});

describe('call lifecycle', () => {
  it('answered: calling -> connected (2 s) -> callee hangs up -> ended -> idle (1 s)', () => {
    const call = run(dialed(), 2_000, { type: 'answered' }, 65_000, { type: 'hangup' }, 1_000, { type: 'idle' });
    expect(call.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
    expect(call.status).toBe('answered');
    expect(call.duration).toBe(65);
    expect(call.idleAt!.getTime() - call.endedAt!.getTime()).toBe(1_000);
  });

  it('voicemail: connected to voicemail, ends as voicemail', () => {
    const call = run(dialed(), { type: 'voicemail' }, 3_000, { type: 'hangup' });
    expect(call.status).toBe('voicemail');
    expect(call.duration).toBe(3);
  });

  it('no answer: calling -> ended as missed, duration 0', () => {
    const call = run(dialed(), 2_000, { type: 'no-answer' });
    expect(call.state).toBe('ended');
    expect(call.status).toBe('missed');
    expect(call.duration).toBe(0);
  });

  it('failed to connect: calling -> ended as missed, reason failed', () => {
    const call = run(dialed(), { type: 'failed' });
    expect(call).toMatchObject({ state: 'ended', status: 'missed' });
    expect(call.timeline.at(-1)!.reason).toBe('failed');
  });

  it('agent ends a connected call: ending, then ended 0.5 s later with the talk time', () => {
    const call = run(dialed(), { type: 'answered' }, 10_000, { type: 'end' }, 500, { type: 'end-complete' });
    expect(call.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ending', 'ended']);
    expect(call.status).toBe('answered');
    expect(call.duration).toBe(11);
  });

  it('agent ends while it still rings: missed; the late ring-over changes nothing', () => {
    let call = run(dialed(), 1_000, { type: 'end' });
    const late = callTransition(call, { type: 'answered' }, PROVIDER, clock);
    expect(late).toMatchObject({ ok: true, changed: false });
    call = run(call, 500, { type: 'end-complete' });
    expect(call).toMatchObject({ state: 'ended', status: 'missed', duration: 0 });
  });

  it('"No active call to end" once the call is over; a second end while ending is a no-op', () => {
    const ending = run(dialed(), { type: 'end' });
    expect(callTransition(ending, { type: 'end' }, PROVIDER, clock)).toMatchObject({ ok: true, changed: false });
    for (const state of ['ended', 'idle'] as CallState[]) {
      expect(callTransition({ ...ending, state }, { type: 'end' }, PROVIDER, clock)).toEqual({
        ok: false,
        error: 'No active call to end',
      });
    }
  });

  it('mute needs an active call: "No active call to mute/unmute"; applied 0.3 s later', () => {
    const call = run(dialed(), { type: 'answered' });
    expect(callTransition(call, { type: 'mute', muted: true }, PROVIDER, clock)).toMatchObject({
      ok: true,
      changed: false,
    });
    const muted = run(call, 300, { type: 'mute-applied', muted: true });
    expect(muted.muted).toBe(true);
    expect(callTransition(muted, { type: 'mute-applied', muted: true }, PROVIDER, clock)).toMatchObject({
      changed: false,
    });
    for (const state of ['ending', 'ended', 'idle'] as CallState[]) {
      expect(callTransition({ ...muted, state }, { type: 'mute', muted: false }, PROVIDER, clock)).toEqual({
        ok: false,
        error: 'No active call to mute/unmute',
      });
      expect(
        callTransition({ ...muted, state }, { type: 'mute-applied', muted: false }, PROVIDER, clock),
      ).toMatchObject({ changed: false });
    }
    expect(run(muted, { type: 'hangup' }).muted).toBe(false);
  });

  it('every provider event out of order is a no-op (a re-run step changes nothing)', () => {
    const ended = run(dialed(), { type: 'no-answer' });
    for (const type of ['answered', 'voicemail', 'no-answer', 'failed', 'hangup', 'end-complete'] as const) {
      expect(callTransition(ended, { type }, PROVIDER, clock)).toMatchObject({ ok: true, changed: false });
    }
    expect(callTransition(dialed(), { type: 'hangup' }, PROVIDER, clock)).toMatchObject({ changed: false });
    expect(callTransition(dialed(), { type: 'idle' }, PROVIDER, clock)).toMatchObject({ changed: false });
    expect(callTransition(dialed(), { type: 'end-complete' }, PROVIDER, clock)).toMatchObject({ changed: false });
  });
});

describe('the queue', () => {
  it('keeps the order and gives each contact a stable id', () => {
    const result = checkQueue(
      [
        { name: 'Ann', phone: '555-000-1111' },
        { leadId: 'a'.repeat(24), name: 'Bob', phone: '5550002222' },
      ],
      PROVIDER,
    );
    expect(result).toMatchObject({
      ok: true,
      value: [
        { id: 'phone-5550001111', name: 'Ann' },
        { id: `lead-${'a'.repeat(24)}`, name: 'Bob' },
      ],
    });
  });

  it('refuses the same lead or the same number twice: "{name} is already in the call queue"', () => {
    expect(
      checkQueue(
        [
          { leadId: 'b'.repeat(24), name: 'Ann', phone: '1' },
          { leadId: 'b'.repeat(24), name: 'Ann', phone: '2' },
        ],
        PROVIDER,
      ),
    ).toEqual({ ok: false, error: 'Ann is already in the call queue' });
    expect(
      checkQueue(
        [
          { name: 'Ann', phone: '(555) 000-1111' },
          { name: 'Ann B', phone: '5550001111' },
        ],
        PROVIDER,
      ),
    ).toEqual({ ok: false, error: 'Ann B is already in the call queue' });
  });

  it('refuses a contact without a number', () => {
    expect(checkQueue([{ name: 'Ann', phone: ' ' }], PROVIDER)).toEqual({
      ok: false,
      error: 'Please enter a phone number',
      reason: 'BLANK_NUMBER',
    });
  });
});
