/**
 * Keyboard use and motion on the public site (docs/product.md "Moving between pages"), at 1280
 * and 375 px: the skip link is the first Tab stop and leads to the main content; Tab through the
 * home and contact pages never lands on an element that is hidden, outside the viewport once
 * scrolled to, covered by something else, inside an aria-hidden or inert subtree, in a closed
 * drawer, or on a slider's slide other than the one showing; the phone drawer gives focus back to
 * the burger on Escape and on its close button, and a followed link leaves focus on the new h1.
 * The hero slider never moves with reduced motion, stops for its pause button and while keyboard
 * focus is inside it; its status is a live region only while it is not playing. Every control
 * shows a focus ring of at least 2 px with 3:1 contrast, text fields included.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPage } from './open-page';

/** More Tab stops than any public page has: a page that never wraps round fails. */
const MAX_STOPS = 150;
/** How long the hero must stand still to count as stopped: over twice its 5 s autoplay interval. */
const STILL_MS = 12_000;

interface Stop {
  name: string;
  /** Visible (size, visibility, opacity) and inside the viewport after the browser scrolled to it. */
  shown: boolean;
  /** Its centre is not covered by another element (a fixed bar, the bonus badge). */
  uncovered: boolean;
  /** Inside an aria-hidden or inert subtree. */
  hiddenFromTree: boolean;
  inDialog: boolean;
  /** The slider and slide it sits in ("Highlights / Slide 2 of 3"), or null. */
  slide: string | null;
  isSkipLink: boolean;
  atBody: boolean;
}

/** Describes the element that has focus now. */
function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return {
        name: '(body)',
        shown: false,
        uncovered: false,
        hiddenFromTree: false,
        inDialog: false,
        slide: null,
        isSkipLink: false,
        atBody: true,
      };
    // a visually hidden input (a radio or checkbox) shows its focus on its label
    const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined;
    const box = label && el.getBoundingClientRect().width <= 1 ? label : el;
    const r = box.getBoundingClientRect();
    const shown =
      box.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      r.width > 0 &&
      r.height > 0 &&
      r.left >= -1 &&
      r.top >= -1 &&
      r.right <= window.innerWidth + 1 &&
      r.bottom <= window.innerHeight + 1;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const uncovered = !!hit && (box.contains(hit) || el.contains(hit));
    const slide = el.closest<HTMLElement>('[aria-roledescription="slide"]');
    const slider = slide?.closest<HTMLElement>('[aria-roledescription="carousel"]');
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50);
    return {
      name: `${text} <${el.tagName.toLowerCase()}>`,
      shown,
      uncovered,
      hiddenFromTree: !!el.closest('[aria-hidden="true"], [inert]'),
      inDialog: !!el.closest('[role="dialog"]'),
      slide: slide ? `${slider?.getAttribute('aria-label')} / ${slide.getAttribute('aria-label')}` : null,
      isSkipLink: text === 'Skip to main content',
      atBody: false,
    };
  });
}

/** Opens `path`, waits until its third-party embeds have given up, and moves the mouse away. */
async function openSettled(page: Page, path: string): Promise<void> {
  await openPage(page, path);
  await page.waitForLoadState('networkidle');
  await page.mouse.move(1, 1);
}

/** Presses Tab once on a fresh page, twice when autofill took the first press (see `tabThrough`). */
async function firstTab(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  if (await page.evaluate(() => document.activeElement === document.body)) await page.keyboard.press('Tab');
}

/**
 * Tabs from the top of the page until focus wraps round (or MAX_STOPS), answering every stop.
 * On a page with autocomplete fields (/contact) headless Chromium's autofill takes the window's
 * focus at the first key press and the next press gives it back (without those attributes the
 * first press reaches the skip link): a first press that leaves the window is not a stop.
 */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  await firstTab(page);
  for (let i = 0; i < MAX_STOPS; i++) {
    if (i > 0) await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (i > 0 && (stop.atBody || stop.isSkipLink)) return stops;
    stops.push(stop);
  }
  throw new Error(`Tab did not wrap round in ${MAX_STOPS} stops`);
}

/** The hero slider's position now: the selected indicator and the slides' offset. */
async function heroPosition(hero: Locator): Promise<string> {
  const selected = await hero.getByRole('tab', { selected: true }).getAttribute('aria-label');
  const offset = await hero
    .locator('[aria-roledescription="slide"]')
    .first()
    .evaluate((slide) => Math.round(slide.getBoundingClientRect().left));
  return `${selected} at ${offset}`;
}

/**
 * heroPosition once the hero is at rest: a slide change already under way when a test starts to
 * watch (its last pixels settle slowly on a busy machine) ends where it was going, and is no move
 * of its own. At rest when two reads 250 ms apart agree.
 */
async function restingHeroPosition(hero: Locator): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const previous = last;
        last = await heroPosition(hero);
        return last === previous;
      },
      { intervals: [250], message: 'the hero comes to rest' },
    )
    .toBe(true);
  return last;
}

/** Presses Tab until focus is inside `region` (at most 40 times). */
async function tabInto(page: Page, region: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await region.evaluate((node) => node.contains(document.activeElement))) return;
  }
  throw new Error('Tab never reached the region');
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ['/', '/contact']) {
      test(`Tab through ${path}: skip link first, every stop shown, uncovered and in the tree`, async ({
        page,
      }) => {
        await openSettled(page, path);
        const stops = await tabThrough(page);
        expect(stops[0]!.isSkipLink, `first stop: ${stops[0]!.name}`).toBe(true);
        expect(stops.length).toBeGreaterThan(10);
        for (const stop of stops) {
          expect(stop.shown, `hidden or off-screen Tab stop: ${stop.name}`).toBe(true);
          expect(stop.uncovered, `covered Tab stop: ${stop.name}`).toBe(true);
          expect(stop.hiddenFromTree, `Tab stop in an aria-hidden or inert subtree: ${stop.name}`).toBe(
            false,
          );
          expect(stop.inDialog, `closed drawer's link in the Tab order: ${stop.name}`).toBe(false);
        }
        // a slider offers the links of the slide it shows, not those of its other slides
        const slides = new Map<string, Set<string>>();
        for (const { slide } of stops) {
          if (!slide) continue;
          const [slider, which] = slide.split(' / ') as [string, string];
          slides.set(slider, (slides.get(slider) ?? new Set()).add(which));
        }
        for (const [slider, which] of slides)
          expect([...which], `${slider} slides in the Tab order`).toHaveLength(1);

        // the skip link leads to the main content
        await openSettled(page, path);
        await firstTab(page);
        await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
        await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.locator('main')).toBeFocused();
      });
    }

    test('focus rings: 2 px or more, 3:1 or more, on a text field and on buttons', async ({ page }) => {
      await openPage(page, '/contact');
      const field = page.getByRole('textbox').first();
      await tabInto(page, field);
      /** The focused element's outline, and its colour's contrast with the page behind it. */
      const ring = () =>
        page.evaluate(() => {
          const channel = (v: number) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          const luminance = (color: string) => {
            const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          // the ring is drawn outside the element: the background behind it is its parent's
          let behind = el.parentElement;
          while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)')
            behind = behind.parentElement;
          const background = behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)';
          const [hi, lo] = [luminance(style.outlineColor), luminance(background)].sort((a, b) => b - a);
          return {
            width: parseFloat(style.outlineWidth),
            style: style.outlineStyle,
            contrast: (hi! + 0.05) / (lo! + 0.05),
            focusVisible: el.matches(':focus-visible'),
          };
        });
      for (const control of [field, page.getByRole('form', { name: 'Contact form' }).getByRole('button')]) {
        if (!(await control.evaluate((node) => node === document.activeElement)))
          await tabInto(page, control);
        const seen = await ring();
        expect(seen.focusVisible).toBe(true);
        expect(seen.style).not.toBe('none');
        expect(seen.width).toBeGreaterThanOrEqual(2);
        expect(seen.contrast).toBeGreaterThanOrEqual(3);
      }
      // on the dark hero the ring turns white
      await openPage(page, '/');
      await tabInto(page, page.getByRole('region', { name: 'Highlights' }).locator('..'));
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)).toBe(
        'rgb(255, 255, 255)',
      );
    });
  });
}

test('at 375 px the phone drawer gives focus back to the burger; a followed link leaves it on the new h1', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, '/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog');
  await tabInto(page, burger);
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('link', { name: 'About Us' })).toBeVisible();
  await expect(page.locator('[role="dialog"] :focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: 'Close menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(page.locator('[role="dialog"] a')).toHaveCount(0);

  await page.keyboard.press('Enter');
  await drawer.getByRole('link', { name: 'About Us' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('h1')).toBeFocused();
  await page.waitForTimeout(500); // the drawer has closed: nothing pulls focus back to the burger
  await expect(page.locator('h1')).toBeFocused();
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the hero never moves on its own and shows no pause button', async ({ page }) => {
    await openPage(page, '/');
    await page.mouse.move(1, 1);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('tab', { name: 'Go to slide 1' })).toHaveAttribute('aria-selected', 'true');
    const before = await restingHeroPosition(hero);
    await page.waitForTimeout(STILL_MS);
    expect(await heroPosition(hero)).toBe(before);
    await expect(page.getByRole('button', { name: /slides$/ })).toHaveCount(0);
    // nothing plays, so moving by hand is announced
    await expect(hero.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    const slides = hero.locator('[aria-roledescription="slide"]');
    await expect(slides.nth(1)).toHaveAttribute('inert', '');
  });
});

test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the hero: its pause button stops it, play starts it; it is silent while playing', async ({
    page,
  }) => {
    await openPage(page, '/');
    await page.mouse.move(1, 1);
    const hero = page.getByRole('region', { name: 'Highlights' });
    const status = hero.getByRole('status');
    await expect(hero.getByRole('tab', { name: 'Go to slide 2' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 8_000,
    });
    // playing: its "Slide n of 3" status is no live region, and hidden slides are out of the tree
    await expect(status).toHaveAttribute('aria-live', 'off');
    const slides = hero.locator('[aria-roledescription="slide"]');
    await expect(slides.nth(1)).not.toHaveAttribute('inert');
    await expect(slides.nth(0)).toHaveAttribute('inert', '');

    const pause = page.getByRole('button', { name: 'Pause slides' });
    await tabInto(page, pause);
    await expect(pause).toBeFocused();
    await page.keyboard.press('Enter');
    const play = page.getByRole('button', { name: 'Play slides' });
    await expect(play).toBeFocused();
    await page.keyboard.press('Shift+Tab'); // focus leaves the hero: only the button holds it still
    expect(await hero.evaluate((node) => node.contains(document.activeElement))).toBe(false);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    const before = await restingHeroPosition(hero);
    await page.waitForTimeout(STILL_MS);
    expect(await heroPosition(hero)).toBe(before);

    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Pause slides' })).toBeFocused();
    // pressing play with focus inside asks for motion: it moves on even before focus leaves
    await expect.poll(() => heroPosition(hero), { timeout: 8_000 }).not.toBe(before);
  });

  test('the hero stands still while keyboard focus is inside it and moves on once focus leaves', async ({
    page,
  }) => {
    await openPage(page, '/');
    await page.mouse.move(1, 1);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await tabInto(page, hero.locator('..'));
    const before = await restingHeroPosition(hero);
    await page.waitForTimeout(STILL_MS);
    expect(await heroPosition(hero)).toBe(before);
    await expect(hero.getByRole('status')).toHaveAttribute('aria-live', 'polite');

    await page.keyboard.press('Shift+Tab');
    expect(await hero.locator('..').evaluate((node) => node.contains(document.activeElement))).toBe(false);
    await expect.poll(() => heroPosition(hero), { timeout: 8_000 }).not.toBe(before);
  });
});
