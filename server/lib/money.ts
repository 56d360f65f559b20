/**
 * Money at the edges: the database and services hold integer cents (bigint); the API
 * answers USD decimals. Parsing input lives in `@common/schemas/money` (shared with the forms).
 */

/** Cents → USD as a JSON number (exact to the cent for every amount the ledger can hold). */
export function centsToUsd(cents: bigint): number {
  return Number(cents) / 100;
}

/** Cents → "1,234.56" (negative amounts keep their sign), for e-mails and CSV. */
export function formatUsd(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Cents → "1234.56" (negative: "-1234.56"): an exact decimal string, without grouping, for files a
 * program reads (the client's data export: modules/profile/data-export.ts).
 */
export function usdDecimal(cents: bigint): string {
  return formatUsd(cents).replaceAll(',', '');
}

/** Cents → "$1,234.56" (negative: "$-1,234.56"), for notices and summaries. */
export function usd(cents: bigint): string {
  return `$${formatUsd(cents)}`;
}
