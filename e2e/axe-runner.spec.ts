/**
 * The journeys' axe runner (axe.ts) can fail: on a page of its own making it finds a form field
 * without a label, stops finding it once the label is added to the same document (axe injected
 * once and run again reads the page as it is now), finds it again when the label goes, and, on a
 * page with a frame, finds the same fault inside the frame (axe injected into the frame as well).
 */
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

const PAGE = `<!doctype html><html lang="en"><head><title>Runner</title></head>
<body><main><h1>Runner</h1><input id="amount" type="text"></main></body></html>`;

const ids = async (page: Parameters<typeof axeViolations>[0]) =>
  (await axeViolations(page, ['wcag2a'])).map((v) => `${v.id} ${v.targets.join(',')}`);

test('the axe runner finds a missing label, sees it fixed and broken again in the same document', async ({
  page,
}) => {
  await page.setContent(PAGE);
  expect(await ids(page)).toEqual(['label #amount']);
  await page.evaluate(() => document.getElementById('amount')!.setAttribute('aria-label', 'Amount'));
  expect(await ids(page)).toEqual([]);
  await page.evaluate(() => document.getElementById('amount')!.removeAttribute('aria-label'));
  expect(await ids(page)).toEqual(['label #amount']);
});

test('the axe runner judges what is inside a frame', async ({ page }) => {
  const framed = PAGE.replace(
    '<input id="amount" type="text">',
    `<iframe title="Inner" srcdoc='<html lang="en"><body><input id="inner" type="text"></body></html>'></iframe>`,
  );
  await page.setContent(framed);
  await expect(page.frameLocator('iframe').locator('#inner')).toBeAttached();
  expect(await ids(page)).toEqual(['label iframe #inner']);
});
