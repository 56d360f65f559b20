import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element behind `ref` comes within `rootMargin` of the viewport (and from then on),
 * e.g. to load a below-the-fold section or widget only when the visitor scrolls towards it.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
