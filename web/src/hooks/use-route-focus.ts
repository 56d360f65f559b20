import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to render its h1 before focus is left where it is (ms). */
const WAIT_FOR_HEADING_MS = 3_000;

/** Moves focus to the page's h1 (made focusable with tabindex -1); false when there is none yet. */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a route change (not the first page load), moves focus to the new page's h1 (made
 * focusable with tabindex -1) and answers the text a polite live region should announce (the new
 * document title), so keyboard and screen reader users land on the new content instead of on a
 * link that may no longer be there (WCAG 2.4.3 focus order, 4.1.3 status messages). Focus stays
 * where it is when the new page already put it inside its main content (a field it focuses on
 * purpose). Waits for the heading to render (lazy pages), at most 3 s.
 */
export function useRouteFocus(): string {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  // the page the app opened on: left alone (the browser placed focus); cleared after the first change
  const opened = useRef<string | null>(pathname);

  useEffect(() => {
    if (pathname === opened.current) return;
    opened.current = null;
    let done = false;
    const place = () => {
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      if (!heading || done) return false;
      done = true;
      const active = document.activeElement;
      const settled = active && active !== document.body && active.closest('main') && active !== heading;
      if (!settled) focusPageHeading();
      // the title follows the h1 a frame later (use-document-title.ts)
      requestAnimationFrame(() => setAnnouncement(document.title));
      return true;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return announcement;
}
