/** The `Idempotency-Key` of a money-moving form (docs/architecture.md, "How a request flows"). */
import { useCallback, useState } from 'react';

/** A random key; `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * One key per filled-in form: every retry of the same submission (a double-click, a resend after a
 * dropped connection) carries it, so the server posts the money once. Call `renew` after a success,
 * so the next submission counts as a new one.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}
