/**
 * The account number clients see (docs/product.md "Account card"): ten characters derived from the
 * user's id, grouped in two fives ("K7Q2M-9XD4A"), easy to read out to support. The id itself stays
 * internal. Derived, not stored: the same id always gives the same number, on both sides.
 */

/** Crockford's base-32 alphabet: no I, L, O or U, so nothing is misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

/** FNV-1a (64 bits) of `text`'s UTF-16 code units: a stable spread of the id's bits. */
function fnv1a64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash;
}

/** The account number of the user `userId` (a uuid, any case): "XXXXX-XXXXX" in Crockford base 32. */
export function accountNumber(userId: string): string {
  let value = fnv1a64(userId.toLowerCase());
  let digits = '';
  for (let i = 0; i < 10; i += 1) {
    digits = ALPHABET[Number(value & 31n)]! + digits;
    value >>= 5n;
  }
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}
