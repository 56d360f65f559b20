import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { brand } from '../content/brand';

/** The title of a page without an h1 yet (while it loads), and the brand after each page's own. */
const SITE_TITLE = `${brand.name} — forex & crypto broker`;

/** `h1` text → the document title: "Deposit with Bitcoin · Northwind Markets". */
export function titleFor(heading: string | undefined): string {
  return heading ? `${heading} · ${brand.name}` : SITE_TITLE;
}

/**
 * Keeps the document title equal to the page's h1 (every page has exactly one: WCAG 2.4.2, each
 * page titled), so every route, and every state of a route whose heading follows its data (a
 * client's name, a coin), has its own title without each page restating it. Follows the heading
 * as it renders or changes, at most once a frame; starts over on every route change.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      const title = titleFor(heading);
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(update);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [pathname]);
}
