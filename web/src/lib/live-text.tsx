import { useEffect, useState } from 'react';

/** How long after the region appears its text is put in (ms): long enough for the region to be known. */
const SETTLE_MS = 60;

/**
 * A text that enters its live region a moment after the region itself (a toast's `role="status"`
 * or `role="alert"` box): screen readers reliably say a change inside a region they already
 * know, not always a region inserted with its text in it (WCAG 2.2 4.1.3).
 */
export function LiveText({ text }: { text: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return <>{shown ? text : ''}</>;
}
