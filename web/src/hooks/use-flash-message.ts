/** A message that hides itself after `durationMs` (error banners vanish after 3 s). */
import { useCallback, useEffect, useState } from 'react';

/** `durationMs` undefined keeps the message until the next `show` or `clear`. */
export function useFlashMessage(durationMs?: number) {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (message === null || durationMs === undefined) return;
    const timer = window.setTimeout(() => setMessage(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);

  const clear = useCallback(() => setMessage(null), []);
  return { message, show: setMessage, clear };
}
