import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when typed from an e-mail. */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const readable = (length: number) => Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');

/** 6 digits, 100000-999999, from the CSPRNG (spec 1 section 9). */
export const newVerificationCode = () => String(randomInt(100_000, 1_000_000));

/** 8 readable characters (~40 bits): typed from the e-mail or carried by its link. */
export const newResetCode = () => readable(8);
export const normalizeResetCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** Recovery codes for a lost authenticator: `xxxxx-xxxxx`, ~50 bits each. */
export const newRecoveryCode = () => `${readable(5)}-${readable(5)}`.toLowerCase();
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Opaque bearer secrets (refresh tokens, 2FA challenges): 32 random bytes. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Short codes are kept as HMACs keyed with the server secret and bound to their purpose and e-mail, so a
 * leaked database does not reveal them and a code for one account never matches another.
 */
export const hashCode = (secret: string, purpose: string, subject: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${subject}\n${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
