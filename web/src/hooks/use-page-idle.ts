import { useEffect, useState } from 'react';

/** True once the page has loaded and the browser has gone idle (or 2 s after load at the latest). */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle: number | undefined;
    const markIdle = () => setIdle(true);
    const afterLoad = () => {
      handle = window.requestIdleCallback
        ? window.requestIdleCallback(markIdle, { timeout: 2000 })
        : window.setTimeout(markIdle, 200);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
    };
  }, []);
  return idle;
}
