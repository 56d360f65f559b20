/**
 * The public site's widgets fail quietly and nothing covers the page: with the charting provider
 * blocked (the fixture blocks every third-party host) the ticker tape leaves nothing and the Live
 * markets block is a compact card; no fixed bar says "unavailable"; on a 375 px phone neither the
 * bonus offer nor the ticker (when it loads: the provider's script answered with an empty one)
 * covers the page's content or the footer's links; "Open an Account" fits its button at 1280 and
 * 1440 px; the home page's height does not change as the visitor scrolls; testimonials carry
 * local pictures with alt text.
 */
import type { Page } from '@playwright/test';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import { openPage, scrollThrough } from './open-page';

const PUBLIC_PATHS = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/terms-and-conditions',
  '/privacy-policy',
  '/payment-policy',
  '/assets',
];

/** A box in window coordinates. */
interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Answers the provider's embed scripts with an empty script, so its widgets count as loaded. */
async function letProviderLoad(page: Page): Promise<void> {
  await page.route('https://s3.tradingview.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

/**
 * Waits until the layout shows (its footer and the ticker tape come in one render) and the ticker
 * tape has given up (the provider is blocked): it leaves no element.
 */
async function tickerGone(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('[aria-label="Market ticker"]')).toHaveCount(0);
}

/** The text of every fixed or sticky element (shown or not), to find a bar that says something. */
function fixedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position))
      .map((e) => e.textContent ?? ''),
  );
}

/**
 * The boxes of what floats over the page (shown fixed elements with a size) and of the content
 * they must not cover (main's text, links, buttons and pictures, and the footer's links), in
 * window coordinates and only where on screen.
 */
function floatingAndContent(page: Page): Promise<{ floating: Box[]; content: Box[] }> {
  return page.evaluate(() => {
    const box = (e: Element, what: string) => {
      const r = e.getBoundingClientRect();
      return { what, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const shown = (e: Element) => {
      const style = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && r.width > 0 && r.height > 0;
    };
    const onScreen = (b: { top: number; bottom: number }) => b.bottom > 0 && b.top < window.innerHeight;
    const floating = [...document.querySelectorAll('body *')]
      .filter((e) => getComputedStyle(e).position === 'fixed' && shown(e))
      .map((e) => box(e, e.getAttribute('aria-label') ?? e.textContent?.slice(0, 40) ?? e.tagName));
    const content = [
      ...document.querySelectorAll('main :is(a, button, h1, h2, h3, p, li, img, blockquote), footer a'),
    ]
      .filter(shown)
      .map((e) => box(e, e.textContent?.trim().slice(0, 40) || e.tagName))
      .filter(onScreen);
    return { floating, content };
  });
}

/** The pairs of a floating box and a content box that overlap. */
function overlaps({ floating, content }: { floating: Box[]; content: Box[] }): string[] {
  const hit = (a: Box, b: Box) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  return floating.flatMap((f) => content.filter((c) => hit(f, c)).map((c) => `${f.what} covers "${c.what}"`));
}

test('no fixed bar on any public page says "unavailable"; the ticker leaves nothing when blocked', async ({
  page,
}) => {
  for (const path of PUBLIC_PATHS) {
    await openPage(page, path);
    await tickerGone(page);
    expect(
      (await fixedTexts(page)).filter((text) => /unavailable/i.test(text)),
      path,
    ).toEqual([]);
    // the page keeps no room for a ticker that is not there
    const room = await page.evaluate(
      () => getComputedStyle(document.querySelector('main')!.parentElement!).paddingBottom,
    );
    expect(room, path).toBe('0px');
  }
});

test('a blocked provider turns the Live markets block into a compact card, without tabs', async ({
  page,
}) => {
  await openPage(page, '/');
  await tickerGone(page);
  const block = page.getByRole('region', { name: 'Live markets', exact: true });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByRole('heading', { name: 'Live quotes could not load here' })).toBeVisible();
  await expect(block.getByRole('tab')).toHaveCount(0);
  await expect(block).not.toContainText('unavailable');
  const card = block.locator('.mantine-Paper-root');
  expect((await card.boundingBox())!.height).toBeLessThan(200);
});

test('on a 375 px phone the bonus offer and the ticker cover nothing on any public page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of PUBLIC_PATHS) {
    await openPage(page, path);
    await tickerGone(page);
    const offer = page.getByRole('complementary', { name: 'Bonus offer' });
    await expect(offer).toContainText('Get FREE $500 on $5,000 deposit');
    expect(await offer.evaluate((e) => getComputedStyle(e).position), path).not.toBe('fixed');
    // at every scroll position, nothing floats over the content
    for (let step = 0; step < 40; step += 1) {
      expect(overlaps(await floatingAndContent(page)), `${path} at step ${step}`).toEqual([]);
      const atBottom = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight * 0.8);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      if (atBottom) break;
    }
    expect(overlaps(await floatingAndContent(page)), `${path} at the bottom`).toEqual([]);
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px a loaded ticker shows, and the page keeps room for it and the offer at the end`, async ({
    page,
  }) => {
    await letProviderLoad(page);
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    for (const path of ['/', '/about']) {
      await openPage(page, path);
      const ticker = page.getByRole('region', { name: 'Market ticker' });
      await expect(ticker).toBeVisible();
      // the provider's widget stays in place once loaded
      await expect(ticker.locator('script[src*="embed-widget-ticker-tape.js"]')).toHaveCount(1);
      await expect(ticker).not.toContainText('unavailable');
      await scrollThrough(page);
      await page.waitForTimeout(300);
      // scrolled to the end: the footer's links, copyright and language lie clear of the ticker and the offer
      const boxes = await floatingAndContent(page);
      const footerEnd = await page
        .getByRole('contentinfo')
        .getByText(/All rights reserved/)
        .boundingBox();
      boxes.content.push({
        what: 'copyright',
        left: footerEnd!.x,
        top: footerEnd!.y,
        right: footerEnd!.x + footerEnd!.width,
        bottom: footerEnd!.y + footerEnd!.height,
      });
      expect(boxes.floating.length, path).toBeGreaterThan(0);
      expect(overlaps(boxes), path).toEqual([]);
    }
  });
}

for (const width of [1280, 1440]) {
  test(`"Open an Account" fits its button on every pricing card at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/');
    const buttons = page
      .getByRole('region', { name: 'Trading Accounts' })
      .getByRole('link', { name: /^Open an Account/ });
    await expect(buttons).toHaveCount(5);
    await buttons.first().scrollIntoViewIfNeeded();
    const widths = await buttons.evaluateAll((links) =>
      links.flatMap((link) =>
        [link, ...link.querySelectorAll('.mantine-Button-inner, .mantine-Button-label')].map((e) => ({
          text: e.textContent,
          scrollWidth: e.scrollWidth,
          clientWidth: e.clientWidth,
        })),
      ),
    );
    expect(widths.length).toBe(15);
    for (const w of widths) {
      expect(w.text).toBe('Open an Account');
      expect(w.scrollWidth, JSON.stringify(w)).toBeLessThanOrEqual(w.clientWidth);
    }
  });
}

for (const width of [1280, 375]) {
  test(`the home page's height does not change as it is scrolled to the bottom at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await openPage(page, '/');
    await tickerGone(page);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const footerTop = () =>
      page.getByRole('contentinfo').evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    const before = { height: await height(), footer: await footerTop() };
    await scrollThrough(page);
    await page.waitForTimeout(500);
    expect({ height: await height(), footer: await footerTop() }).toEqual(before);
  });
}

test('the home sections arrive with the prerendered page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  for (const name of ['Trading Accounts', 'Testimonials', 'Need help?'])
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeAttached();
  await context.close();
});

test('testimonials show local portraits with alt text, loaded lazily', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') requests.push(request.url());
  });
  await openPage(page, '/');
  const slider = page.getByRole('region', { name: 'Testimonials slider' });
  const amara = slider.getByRole('img', { name: 'Illustrated portrait of Amara O.' });
  await expect(amara).toHaveAttribute('loading', 'lazy');
  await slider.scrollIntoViewIfNeeded();
  await expect(amara).toBeVisible();
  await expect.poll(() => amara.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  for (const name of ['Amara O.', 'Lukas B.', 'Priya S.', 'Diego M.'])
    await expect(slider.getByRole('img', { name: `Illustrated portrait of ${name}` })).toBeAttached();
  // every picture comes from our own server
  expect(requests.filter((url) => !url.startsWith(BASE_URL))).toEqual([]);
  expect(requests.some((url) => url.endsWith('/images/testimonials/amara-o.svg'))).toBe(true);
});
