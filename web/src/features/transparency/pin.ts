/**
 * The transparency key and witnesses this site's code was built with (docs/transparency.md "The key
 * and its history"; vite.config.ts and scripts/transparency-pin.ts write them in): the browser
 * accepts a tree head only from the pinned key or a later key the published history certifies from
 * it, and only with the cosignatures of every pinned witness. The pin arrives with the code, not in
 * the answer that carries the head, so a server that swaps its key cannot swap the pin with it.
 */
declare const __TRANSPARENCY_PIN__:
  { publicKey: string; fingerprint: string; witnesses: string[] } | undefined;

/**
 * The pinned key (64 hex), its fingerprint (SHA-256 of the key, hex, as every statement prints it)
 * and the witness verifier keys; null in a bundle built without them.
 */
export const TRANSPARENCY_PIN = typeof __TRANSPARENCY_PIN__ === 'undefined' ? null : __TRANSPARENCY_PIN__;
