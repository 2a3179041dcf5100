/**
 * Money in integer cents, shared by the ledger (server/features/commissions/math.ts) and the close dialog's split
 * preview, so what an agent is shown before closing is exactly what the ledger writes (docs/commissions.md).
 */

const PERCENT_SCALE = 10_000n; // percentages are honoured to 4 decimal places (2.5 -> 25000)

/** `percent`% of `cents`, rounded half away from zero to a whole cent (exact integer arithmetic). */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
  if (!Number.isFinite(percent) || percent < 0)
    throw new Error(`percent must be a non-negative number, got ${percent}`);
  const scaled = BigInt(Math.round(percent * Number(PERCENT_SCALE)));
  const divisor = 100n * PERCENT_SCALE;
  const product = BigInt(cents) * scaled;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

/** Dollars as typed (up to any number of decimals) to integer cents, half away from zero on the third decimal. */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new Error('dollars must be finite');
  const negative = dollars < 0;
  const [whole, fraction = ''] = Math.abs(dollars).toFixed(6).split('.');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1;
  return negative ? -cents : cents;
}
