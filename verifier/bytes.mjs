/**
 * Bytes for the evidence verifier (docs/transparency.md "Your evidence"): hex, base64 (RFC 4648 §4,
 * padded, canonical only), UTF-8, big-endian integers and UUIDs. No imports: this folder shares no
 * code with the server, and runs the same in Node.js and in a browser.
 */

/** Thrown at the first thing in the evidence that does not check out; its message says what. */
export class EvidenceError extends Error {}

/** Throws an EvidenceError with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new EvidenceError(message);
}

const encoder = new TextEncoder();

/** The UTF-8 bytes of `text`. */
export const utf8 = (text) => encoder.encode(text);

/** The bytes of lowercase hex `text` of `length` bytes (any even length when omitted); throws EvidenceError for other text. */
export function hexBytes(text, length, what) {
  const ok =
    typeof text === 'string' &&
    /^(?:[0-9a-f]{2})*$/.test(text) &&
    (length === undefined || text.length === 2 * length);
  check(ok, `${what} is not ${length ?? 'some'} bytes of lowercase hex`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Lowercase hex of `bytes`. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** RFC 4648 §4 base64 of `bytes`, padded. */
export function toBase64(bytes) {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** The bytes of canonical, padded base64 `text`, or null. */
export function fromBase64(text) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return toBase64(bytes) === text ? bytes : null;
}

/** The bytes of every part, one after the other. */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** True when both hold the same bytes. */
export function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `value` (a bigint, 0 ≤ value < 2^64) as 8 bytes, big-endian. */
export function u64(value) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, false);
  return out;
}

/** The 16 bytes of a UUID written in lowercase with dashes; throws EvidenceError otherwise. */
export function uuidBytes(id, what) {
  const ok =
    typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
  check(ok, `${what} is not a UUID`);
  return hexBytes(id.replace(/-/g, ''), 16, what);
}

/** Signed integer cents from a decimal string, as a bigint; throws EvidenceError otherwise. */
export function signedCents(text, what) {
  check(typeof text === 'string' && /^-?(?:0|[1-9][0-9]*)$/.test(text), `${what} is not integer cents`);
  return BigInt(text);
}

/** Non-negative cents from a decimal string, at most 2^63 − 1; throws EvidenceError otherwise. */
export function cents(text, what) {
  const value = signedCents(text, what);
  check(value >= 0n && value < 1n << 63n, `${what} is negative or too large`);
  return value;
}

/** `$1,234.56` / `-$1,234.56` of signed cents (a bigint). */
export function usd(value) {
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Throws EvidenceError unless `value` is an object with exactly the keys `keys`, in any order. */
export function exactKeys(value, keys, what) {
  check(value !== null && typeof value === 'object' && !Array.isArray(value), `${what} is not an object`);
  const have = Object.keys(value).sort();
  const want = [...keys].sort();
  check(
    have.length === want.length && have.every((k, i) => k === want[i]),
    `${what} has the fields ${have.join(', ') || 'none'}, expected ${want.join(', ')}`,
  );
}

/** Throws EvidenceError unless `value` is an array. */
export function isList(value, what) {
  check(Array.isArray(value), `${what} is not a list`);
  return value;
}

/** Throws EvidenceError unless `value` is a safe integer ≥ `min`. */
export function count(value, what, min = 0) {
  check(Number.isSafeInteger(value) && value >= min, `${what} is not a whole number of at least ${min}`);
  return value;
}
