import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../shared/queues.js';
import { openEmail, sealEmail } from '../../server/features/email/sealing.js';

const secret = 'unit-secret-that-is-long-enough-for-hs256-signing';
const message: EmailMessage = {
  key: 'password-reset-1',
  to: 'owner@test.local',
  template: 'password-reset',
  data: { name: 'Owner', code: 'K7PQ2MXA', link: 'https://cw.test/login?reset=K7PQ2MXA' },
};

describe('sealed e-mail job data', () => {
  it('carries no part of the data in the clear, and opens back to the message', () => {
    const job = sealEmail(secret, message);
    expect(Object.keys(job).sort()).toEqual(['key', 'sealedData', 'template', 'to']);
    expect(JSON.stringify(job)).not.toContain('K7PQ2MXA');
    expect(JSON.stringify(job)).not.toContain('Owner');
    expect(openEmail(secret, job)).toEqual(message);
    // A fresh nonce each time: the same message never seals to the same text.
    expect(sealEmail(secret, message).sealedData).not.toBe(job.sealedData);
  });

  it('does not open with another secret, for another recipient or key, or once altered', () => {
    const job = sealEmail(secret, message);
    expect(() => openEmail('another-secret-that-is-long-enough-for-hs256', job)).toThrow();
    expect(() => openEmail(secret, { ...job, to: 'attacker@test.local' })).toThrow();
    expect(() => openEmail(secret, { ...job, key: 'password-reset-2' })).toThrow();
    const [version, iv, sealed, tag] = job.sealedData.split('.');
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      openEmail(secret, { ...job, sealedData: [version, iv, flipped.toString('base64url'), tag].join('.') }),
    ).toThrow();
    expect(() => openEmail(secret, { ...job, sealedData: 'plain' })).toThrow(/no sealed data/);
  });
});
