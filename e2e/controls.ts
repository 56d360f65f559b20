/**
 * The check that controls keep their size (docs/product.md "Phone layout"): run by the route sweep
 * (a11y-routes.spec.ts) on every client-area and back-office route at 1280 and 375 px.
 */
import type { Page } from '@playwright/test';

/**
 * The visible buttons and tabs of the page whose label does not fit them: its text overflows the
 * button (or the label's box), or wraps onto a second line. Each as "name: why".
 */
export function crushedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a.mantine-Button-root, [role="tab"], [role="button"]',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = (control.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue; // an icon button: its name is its aria-label
      const label =
        control.querySelector<HTMLElement>('.mantine-Button-label, .mantine-Tabs-tabLabel') ?? control;
      const name = control.getAttribute('aria-label') ?? text;
      const range = document.createRange();
      range.selectNodeContents(label);
      const textWidth = range.getBoundingClientRect().width;
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (control.scrollWidth > control.clientWidth + 1)
        found.push(`${name}: button ${control.clientWidth}px < its content ${control.scrollWidth}px`);
      else if (
        label.scrollWidth > label.clientWidth + 1 ||
        textWidth > label.getBoundingClientRect().width + 1
      )
        found.push(`${name}: label ${label.clientWidth}px < its text ${Math.ceil(textWidth)}px`);
      else if (lines.size > 1 && label !== control)
        found.push(`${name}: label wraps onto ${lines.size} lines`);
    }
    return found;
  });
}
