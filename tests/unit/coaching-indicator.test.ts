import { describe, expect, it } from 'vitest';
import { coachingIndicatorText } from '../../shared/schemas/coaching/sessions.js';

describe("the agent's coaching indicator", () => {
  it('names the team lead, the campaign owner or an admin, listening or coaching', () => {
    expect(coachingIndicatorText({ callId: 'c', coaches: [] })).toBeNull();
    expect(coachingIndicatorText({ callId: 'c', coaches: [{ basis: 'upline', mode: 'listen' }] })).toBe(
      'Your team lead is listening',
    );
    expect(coachingIndicatorText({ callId: 'c', coaches: [{ basis: 'upline', mode: 'whisper' }] })).toBe(
      'Your team lead is coaching',
    );
    expect(coachingIndicatorText({ callId: 'c', coaches: [{ basis: 'owner', mode: 'barge' }] })).toBe(
      'The campaign owner is coaching',
    );
    expect(coachingIndicatorText({ callId: 'c', coaches: [{ basis: 'admin', mode: 'listen' }] })).toBe(
      'An admin is listening',
    );
  });

  it('says coaching when anyone coaches, and prefers the team lead among equals', () => {
    expect(
      coachingIndicatorText({
        callId: 'c',
        coaches: [
          { basis: 'admin', mode: 'listen' },
          { basis: 'owner', mode: 'whisper' },
        ],
      }),
    ).toBe('The campaign owner is coaching');
    expect(
      coachingIndicatorText({
        callId: 'c',
        coaches: [
          { basis: 'admin', mode: 'listen' },
          { basis: 'upline', mode: 'listen' },
        ],
      }),
    ).toBe('Your team lead is listening');
  });
});
