/**
 * How the audit log reads a snapshot (the `before` / `after` of a row, written by the server's
 * `recordAudit` calls: small JSON objects, amounts in USD, dates as ISO strings): a human label for
 * each key and a readable text for each value.
 */
import { formatDateTime, formatUsd } from '../../lib/format';

/** Labels of the keys the server records; any other key is de-camel-cased (`fieldLabel`). */
const FIELD_LABELS: Record<string, string> = {
  isBlocked: 'Blocked',
  banned: 'Blocked',
  reversalId: 'Reversal entry',
  reverses: 'Reverses entry',
  entryId: 'Journal entry',
  planId: 'Plan ID',
  makerId: 'Requested by',
  checkerId: 'Decided by',
  userId: 'Client',
  verificationStatus: 'Verification',
  verificationReason: 'Verification reason',
  twoFactorEnabled: 'Two-factor sign-in',
  accountPlan: 'Account plan',
  currencySymbol: 'Currency symbol',
  tradeAmount: 'Trade amount',
  totalDeposit: 'Total deposited',
  totalProfit: 'Total profit',
  referralBonus: 'Referral bonus',
  available: 'Available balance',
  held: 'Held balance',
  invested: 'Invested',
  duration: 'Duration (days)',
  personalDataErased: 'Personal data erased',
  deletedAt: 'Deleted',
  email: 'E-mail',
  ip: 'IP address',
  lastError: 'Last error',
  reinvite: 'Invitation sent again',
  // the caps of a verification level (limits.update)
  depositDay: 'Deposits per 24 h',
  depositMonth: 'Deposits per 30 days',
  withdrawalDay: 'Withdrawals per 24 h',
  withdrawalMonth: 'Withdrawals per 30 days',
  addressVerifiedAt: 'Proof of address approved',
};

/** Keys whose numbers are USD amounts (the snapshots keep amounts in USD). */
const USD_KEYS = new Set([
  'amount',
  'profit',
  'tradeAmount',
  'available',
  'held',
  'invested',
  'balance',
  'bonus',
  'totalDeposit',
  'totalProfit',
  'referralBonus',
  'depositDay',
  'depositMonth',
  'withdrawalDay',
  'withdrawalMonth',
]);

/** `isBlocked` → "Is blocked", `two_factor` → "Two factor": the label of a key not in the map. */
function deCamel(key: string): string {
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The human label of a snapshot key. */
export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? deCamel(key);
}

/** Keys whose strings are stored codes (`copy_trading`, `active`): shown as words ("Copy trading"). */
const CODE_KEYS = new Set([
  'plan',
  'status',
  'transactionType',
  'type',
  'direction',
  'role',
  'verificationStatus',
  'method',
  'wallet',
  'kind',
]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A snapshot value as text: Yes / No for booleans, `$1,000.00` for an amount, a date-time for an ISO
 * date, a stored code as words (`copy_trading` → "Copy trading"), "(empty)" for '', "not set" for nothing, lists joined with commas, other objects as compact JSON.
 */
export function fieldValue(key: string, value: unknown): string {
  if (value === undefined || value === null) return 'not set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return USD_KEYS.has(key) ? formatUsd(value) : value.toLocaleString('en-US');
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (CODE_KEYS.has(key) && /^[a-z][a-z\d]*([_-][a-z\d]+)*$/.test(value)) return deCamel(value);
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.map((v) => fieldValue(key, v)).join(', ');
  }
  return JSON.stringify(value);
}
