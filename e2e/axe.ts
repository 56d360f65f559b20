/**
 * axe-core on the page as it is now: the one way the journeys run axe (journey.ts's
 * expectNoSeriousViolations, a11y-public.spec.ts).
 *
 * A page without frames (every page of our own: the web app has none) is judged by axe-core
 * itself, injected once per document and run with `axe.run`: a second check of the same document
 * (the route sweep's 375 px after its 1280 px, a state after a click) reuses it. A page with frames
 * (the public pages with the charting provider's widgets loaded) goes through @axe-core/playwright,
 * which injects axe into every frame and judges each frame's content as well.
 *
 * Why not @axe-core/playwright for all: its `analyze()` injects axe's 550 KB source into the page
 * each time, and then again into a new blank page of the same context, where it merges the
 * frames' results. Measured on a back-office list on a quiet machine (ten checks in a row, the
 * whole machine's CPU): 2.1 CPU-seconds a check that way, 0.2 with axe-core injected once; the
 * first check of a document costs about 0.7 (bench/runs.md "axe once per document"). The rules
 * and the verdict are the same: axe-core's own run of the same tags.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** A violation as the journeys report it: the rule, its impact, and the nodes' selectors. */
export interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * The violations axe finds on `page` now, with the rules of `tags` (axe tags, e.g. `wcag22aa`), or
 * axe's default rules without. Only the violations' nodes are collected (`resultTypes`), which
 * leaves which rules fail unchanged. Throws what axe throws (e.g. a page that navigated meanwhile).
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<Violation[]> {
  const runOnly = tags ? { type: 'tag' as const, values: tags } : undefined;
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (tags) builder.withTags(tags);
    const { violations } = await builder.analyze();
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')))
    await page.evaluate(axe.source);
  return page.evaluate(async (only) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const options: axe.RunOptions = { resultTypes: ['violations'], iframes: false };
    if (only) options.runOnly = only;
    const { violations } = await engine.run(document, options);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, runOnly);
}
