/**
 * Public site journeys: every public page renders its sections and links,
 * the bonus badge closes, the hero carousel autoplays and pauses on hover, the market tabs switch,
 * the menu works on a phone, and the contact form validates and sends. Third-party hosts are
 * blocked by the fixture, so the ticker tape leaves nothing and the translation element shows its
 * placeholder (public-quiet.spec.ts checks those quiet states).
 */
import type { Locator } from '@playwright/test';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import { openPage, scrollThrough } from './open-page';

const PUBLIC_PAGES = [
  { path: '/', h1: /online forex and crypto trading/ },
  { path: '/about', h1: 'A broker that shows its books' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/faq', h1: 'Frequently Asked Questions' },
  { path: '/terms-and-conditions', h1: 'Terms and Conditions' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/payment-policy', h1: 'Payment Policy' },
  { path: '/assets', h1: 'Assets' },
];

async function expectLink(link: Locator, href: string): Promise<void> {
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', href);
}

for (const { path, h1 } of PUBLIC_PAGES) {
  test(`${path} renders the layout: top bar, menu, footer, badge, ticker`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByText('Demo site — not a real broker')).toBeVisible();

    const header = page.getByRole('banner');
    await expectLink(header.getByRole('link', { name: 'Sign Up' }), '/signup');
    await expectLink(header.getByRole('link', { name: 'Login' }), '/signin');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expectLink(menu.getByRole('link', { name: 'Home' }), '/');
    await expectLink(menu.getByRole('link', { name: 'About Us' }), '/about');
    // no demo account exists, so no "Try A Demo" that leads to sign-up
    await expect(menu.getByRole('link', { name: /demo/i })).toHaveCount(0);
    await expectLink(menu.getByRole('link', { name: 'FAQ' }), '/faq');
    await expectLink(menu.getByRole('link', { name: 'Contact' }), '/contact');
    await menu.getByRole('button', { name: 'Documents' }).click();
    await expectLink(page.getByRole('menuitem', { name: 'Terms and Conditions' }), '/terms-and-conditions');
    await expectLink(page.getByRole('menuitem', { name: 'Privacy Policy' }), '/privacy-policy');
    await expectLink(page.getByRole('menuitem', { name: 'Payment Policy' }), '/payment-policy');
    await page.keyboard.press('Escape');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Useful links' })).toBeVisible();
    await expectLink(footer.getByRole('link', { name: 'Terms and Conditions' }), '/terms-and-conditions');
    await expectLink(
      footer.getByRole('link', { name: 'support@northwind-markets.example' }),
      'mailto:support@northwind-markets.example',
    );
    await expect(footer.getByText(`© ${new Date().getFullYear()} Northwind Markets`)).toBeVisible();
    await expect(footer.getByText('Risk warning:')).toBeVisible();

    // The bonus badge; a blocked ticker tape leaves nothing, the translation element its language.
    await expect(page.getByRole('complementary', { name: 'Bonus offer' })).toContainText(
      'Get FREE $500 on $5,000 deposit',
    );
    await expect(page.locator('[aria-label="Market ticker"]')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Translate this page' })).toContainText(
      'Language: English',
    );
    expect(errors).toEqual([]);
  });
}

test('/ arrives prerendered: its heading, hero, menu and footer show without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/online forex and crypto trading/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'A broker that shows you everything' }),
  ).toBeVisible();
  await expectLink(page.getByRole('banner').getByRole('link', { name: 'Sign Up' }), '/signup');
  await expect(page.getByRole('heading', { level: 3, name: 'Our Legal Status' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('Risk warning:')).toBeVisible();
  await context.close();
});

test('/ hydrates its prerendered markup in place, without hydration or other console errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // requests to the blocked third-party hosts fail by design
    if (message.type() === 'error' && !message.text().includes('ERR_BLOCKED_BY_CLIENT'))
      problems.push(message.text());
  });
  // the <main> the server sent, kept before any script runs
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as { prerenderedMain?: Element | null }).prerenderedMain = document.querySelector('main');
    });
  });
  await openPage(page, '/');
  await expect(
    page.getByRole('region', { name: 'Highlights' }).getByRole('tab', { name: 'Go to slide 1' }),
  ).toHaveAttribute('aria-selected', 'true');
  // a mismatch would make React throw the server's markup away and render the page anew
  const kept = await page.evaluate(() => {
    const main = (window as { prerenderedMain?: Element | null }).prerenderedMain;
    return !!main && main === document.querySelector('main');
  });
  expect(kept).toBe(true);
  expect(problems.filter((text) => /hydrat|react\.dev\/errors/i.test(text))).toEqual([]);
  expect(problems).toEqual([]);
});

test('home shows every section in order, with the right links and package figures', async ({ page }) => {
  await openPage(page, '/');
  const hero = page.getByRole('region', { name: 'Highlights' });
  const slides = hero.getByRole('group');
  await expect(slides).toHaveCount(3);
  await expectLink(slides.nth(0).getByRole('link', { name: 'Get Started' }), '/signup');
  await expect(slides.nth(1).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
  await expect(slides.nth(2).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(slides.nth(2)).toContainText('$500 bonus on a $5,000 deposit');

  for (const feature of [
    'Our Legal Status',
    'Fast Deposit & Withdrawals',
    'Risk Management',
    '24/7 Customer Support',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }

  await scrollThrough(page);
  const sections = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  const order = [
    'How a Plan Works',
    'How It Works',
    'Why choose Northwind Markets?',
    'Trading Accounts',
    'Live markets',
    'Account Ratings',
    'Testimonials',
    'What makes us different',
    'Need help?',
  ];
  expect(sections.filter((title) => order.includes(title))).toEqual(order);
  await expect(page.getByText('5+', { exact: true })).toBeVisible();
  // the strip's last figure (the hero's second slide is headed "Managed plans" too)
  await expect(page.getByText('Managed plans', { exact: true }).last()).toBeVisible();

  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expectLink(page.getByRole('main').getByRole('link', { name: 'Learn more' }).last(), '/about');
  await expectLink(section('How It Works').getByRole('link', { name: 'Get Started' }), '/signup');
  const main = page.getByRole('main');
  await expectLink(main.getByRole('link', { name: 'About us', exact: true }), '/about');
  await expectLink(main.getByRole('link', { name: 'Contact us' }), '/contact');

  // every tier lists what the product does; no spread or leverage is claimed (none configured)
  const pricing = section('Trading Accounts');
  const deposits = [
    ['Starter', '$1,000'],
    ['Bronze', '$5,000'],
    ['Silver', '$20,000'],
    ['Gold', '$50,000'],
    ['Platinum', '1 BTC'],
  ];
  for (const [name, deposit] of deposits) {
    const card = pricing
      .locator('div.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: name! }) });
    await expect(card).toContainText(deposit!);
    await expect(card).not.toContainText(/pips|leverage/i);
    await expectLink(card.getByRole('link', { name: /Open an Account/ }), '/signup');
  }
  await expect(pricing.getByText('Copy Trading and Investment plans', { exact: true })).toHaveCount(5);
  await expect(pricing).toContainText('2% over the whole term');

  const ratings = page.getByRole('region', { name: 'Account Ratings slider' });
  await expect(ratings.getByRole('img', { name: /Rated \d out of 5/ }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'What makes us different' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(6);
});

test('the bonus badge closes for the page view and its Get Now leads to /signup', async ({ page }) => {
  await openPage(page, '/about');
  const badge = page.getByRole('complementary', { name: 'Bonus offer' });
  await expectLink(badge.getByRole('link', { name: 'Get Now' }), '/signup');
  await badge.getByRole('button', { name: 'Close bonus offer' }).click();
  await expect(badge).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(badge).toBeVisible();
});

test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the hero carousel advances on its own, pauses on hover, resumes, and works from the keyboard', async ({
    page,
  }) => {
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    const indicator = (n: number) => hero.getByRole('tab', { name: `Go to slide ${n}` });
    await expect(indicator(1)).toHaveAttribute('aria-selected', 'true');
    await page.mouse.move(5, 5);
    await expect(indicator(2)).toHaveAttribute('aria-selected', 'true', { timeout: 8_000 });

    await hero.hover();
    const selected = await hero.getByRole('tab', { selected: true }).getAttribute('aria-label');
    await page.waitForTimeout(6_500);
    await expect(hero.getByRole('tab', { selected: true })).toHaveAttribute('aria-label', selected!);

    await page.mouse.move(5, 5);
    await expect(hero.getByRole('tab', { selected: true })).not.toHaveAttribute('aria-label', selected!, {
      timeout: 8_000,
    });

    const before = await hero.getByRole('tab', { selected: true }).getAttribute('aria-label');
    await hero.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(hero.getByRole('tab', { selected: true })).not.toHaveAttribute('aria-label', before!);
  });
});

test('the market tabs switch between the four widgets, FOREX first', async ({ page }) => {
  // the provider's embed scripts answered with an empty script: each widget counts as loaded
  await page.route('https://s3.tradingview.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await openPage(page, '/');
  await scrollThrough(page);
  const tabs = [
    ['FOREX', 'Forex screener'],
    ['CRYPTOCURRENCY', 'Cryptocurrency screener'],
    ['STOCK', 'Stock chart'],
    ['INDICES/COMMODITIES', 'Market quotes'],
  ] as const;
  await expect(page.getByRole('tab', { name: 'FOREX' })).toHaveAttribute('aria-selected', 'true');
  for (const [tab, widget] of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const region = page.getByRole('region', { name: widget });
    await expect(region).toBeVisible();
    await expect(region.locator(`script[src*="embed-widget-"]`)).toHaveCount(1);
    await expect(region).not.toContainText('unavailable');
  }
});

test('review sliders show one slide on a phone and two from 768 px, rated out of 5', async ({ page }) => {
  /** How many of the Testimonials slider's slides fit side by side in its viewport. */
  const slidesInView = async () => {
    await openPage(page, '/');
    await scrollThrough(page);
    const slider = page.getByRole('region', { name: 'Testimonials slider' });
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    const slides = await slider
      .getByRole('group')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
      );
    return slides.filter((s) => s.left >= box.x - 1 && s.right <= box.x + box.width + 1).length;
  };
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await slidesInView()).toBe(1);
  await page.setViewportSize({ width: 800, height: 800 });
  expect(await slidesInView()).toBe(2);
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5' }).first()).toBeAttached();
});

test('on a 375 px phone the main menu sits behind a burger', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, '/');
  await expect(page.getByRole('button', { name: 'Documents' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  await expect(drawer.getByRole('link', { name: /demo/i })).toHaveCount(0);
  await drawer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the legal pages state the house rules, and the Terms are complete', async ({ page }) => {
  await openPage(page, '/terms-and-conditions');
  const terms = page.getByRole('main');
  await expect(terms.getByRole('heading', { name: '12. Changes to these terms' })).toBeVisible();
  for (const fact of [
    'one account only',
    '10 business days',
    'up to 30 business days',
    'traded by our trading desk',
    '2% over the whole term',
    '30 days’ notice',
    'not a promise',
  ]) {
    await expect(terms).toContainText(fact);
  }
  await openPage(page, '/payment-policy');
  for (const fact of [
    '$0.1',
    'at most 48 hours',
    '3 confirmations',
    'three working days',
    '5 business days',
  ]) {
    await expect(page.getByRole('main')).toContainText(fact);
  }
  await openPage(page, '/privacy-policy');
  await expect(page.getByRole('main')).toContainText('within 7 business days');
  await openPage(page, '/faq');
  await page.getByRole('button', { name: 'What is the minimum withdrawal?' }).click();
  await expect(page.getByText('$0.1. You can withdraw any amount')).toBeVisible();
});

test('about and contact pages carry their content', async ({ page }) => {
  await openPage(page, '/about');
  for (const reason of ['Inspired', 'Flexible', 'Accountable']) {
    await expect(page.getByRole('heading', { level: 3, name: reason })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Need help with your trading account?' })).toBeVisible();
  await expectLink(page.getByRole('link', { name: 'Contact us' }), '/contact');
  await openPage(page, '/assets');
  await expect(page.getByRole('main')).toContainText('You do not trade instruments yourself here');

  await openPage(page, '/contact');
  await expectLink(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    '/',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'support@northwind-markets.example' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Head office');
});

test('the contact form shows each validation message, sends, resets, and the message is stored', async ({
  page,
  request,
}) => {
  await openPage(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const send = form.getByRole('button', { name: 'Send message' });
  await send.click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Message is required', { exact: true })).toBeVisible();

  await form.getByLabel('Name').fill('Casey Visitor');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Message').fill('How do I open a Silver account?');
  await send.click();
  await expect(form.getByText('Please enter a valid e-mail address', { exact: true })).toBeVisible();
  await form.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
  await send.click();
  await expect(form.getByText('E-mail must be at most 254 characters', { exact: true })).toBeVisible();

  const email = `visitor.${Date.now()}@example.com`;
  await form.getByLabel('Email').fill(email);
  await send.click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(send).toBeEnabled();

  // stored: the admin's contact list (GET /api/contacts) has it
  const signin = await request.post('/api/auth/signin?as=admin', {
    data: { email: 'admin@demo.test', password: 'Admin#2026demo' },
  });
  const { token } = (await signin.json()) as { token: string };
  const list = await request.get('/api/contacts', { headers: { authorization: `Bearer ${token}` } });
  const stored = ((await list.json()) as { data: { email: string; message: string }[] }).data;
  expect(stored).toContainEqual(
    expect.objectContaining({ email, message: 'How do I open a Silver account?' }),
  );
});
