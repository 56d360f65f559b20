/**
 * axe-core on the page as it is now: the one way the journeys run axe (journey.ts's
 * expectNoSeriousViolations, a11y-public.spec.ts).
 *
 * axe-core is injected once per document (a second check of the same document, the route sweep's
 * 375 px after its 1280 px or a state after a click, reuses it) and run with `axe.run` in the
 * page. On a page with frames (the public pages with the charting provider's widgets loaded) it is
 * injected into every frame it can reach as well, and `axe.run` judges each frame's content through
 * axe's own messages between frames; a frame it cannot reach (a blocked host's error page) is
 * left out, as axe leaves out a frame that does not answer.
 *
 * Why not @axe-core/playwright: its `analyze()` evaluates axe's 550 KB source in the page each
 * time, and then again in a new blank page of the same context, where it merges the frames'
 * results. Measured on a back-office list on a quiet machine (ten checks in a row, the whole
 * machine's CPU): 1.9 CPU-seconds a check that way, 0.2 with axe-core injected once; the first
 * check of a document costs about 0.7 (bench/runs.md "axe once per document"). And it gives each
 * frame's injection one second, then judges the page without that frame and says nothing: on a
 * busy runner a frame's content went unjudged (e2e/axe-runner.spec.ts caught it).
 */
import type { Frame, Page } from '@playwright/test';
import axe from 'axe-core';

/** A violation as the journeys report it: the rule, its impact, and the nodes' selectors. */
export interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** The page's axe, as injected (`axe.source` defines it on the window). */
type WithAxe = { axe?: typeof axe };

/**
 * Injects axe-core into `frame` unless its document has it already, and lets it answer the other
 * frames' axe whatever their origin; false when the frame's document cannot be reached.
 */
async function injectInto(frame: Frame): Promise<boolean> {
  try {
    if (await frame.evaluate(() => typeof (window as WithAxe).axe === 'object')) return true;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as WithAxe).axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * The violations axe finds on `page` now, its frames' content included, with the rules of `tags`
 * (axe tags, e.g. `wcag22aa`), or axe's default rules without. Only the violations' nodes are
 * collected (`resultTypes`), which leaves which rules fail unchanged. Throws what axe throws
 * (e.g. the page navigated meanwhile), and when the page's own document cannot be reached.
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<Violation[]> {
  const [main, ...frames] = page.frames();
  if (!(await injectInto(main!))) throw new Error(`axe could not be injected into ${page.url()}`);
  for (const frame of frames) await injectInto(frame);
  return page.evaluate(
    async ({ only, iframes }) => {
      const engine = (window as WithAxe).axe!;
      const options: axe.RunOptions = { resultTypes: ['violations'], iframes };
      if (only) options.runOnly = { type: 'tag', values: only };
      const { violations } = await engine.run(document, options);
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { only: tags ?? null, iframes: frames.length > 0 },
  );
}
