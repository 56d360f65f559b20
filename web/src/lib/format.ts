/** Display formats shared by the money screens: USD amounts and dates (deposits are in USD). */
import dayjs from 'dayjs';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `1234.5` → `$1,234.50`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** An ISO date-time as `Jan 2, 2026 3:04 PM` (the browser's time zone). */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('MMM D, YYYY h:mm A');
}
