/**
 * SHA-256 and Ed25519 from WebCrypto (`globalThis.crypto.subtle`), for the evidence checks in a
 * browser (index.html); Node.js has the same API. No imports: see evidence-checks.mjs.
 */
const keys = new Map();

/** The imported Ed25519 public key of 32 `bytes` (kept: a file names a handful of keys). */
function importKey(bytes) {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  if (!keys.has(hex))
    keys.set(hex, crypto.subtle.importKey('raw', bytes, { name: 'Ed25519' }, false, ['verify']));
  return keys.get(hex);
}

/** `{ sha256(bytes) → Promise<digest>, verifyEd25519(publicKey, signature, message) → Promise<boolean> }`. */
export const webCrypto = {
  sha256: async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
  verifyEd25519: async (publicKey, signature, message) => {
    try {
      return await crypto.subtle.verify({ name: 'Ed25519' }, await importKey(publicKey), signature, message);
    } catch {
      return false;
    }
  },
};
