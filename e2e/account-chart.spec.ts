/**
 * The dashboard's charts (/account/home): the account value chart from the ledger, with every
 * third-party host blocked (the provider's price chart never loads, and nothing takes its place),
 * its figures equal to the ledger's, its range picker, axe on the page with its charts; and, with
 * the provider's script answered locally, the price chart beside it with its instrument picker.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clientWithLines } from './client-lines';
import { call, checkPageState, expectNoSeriousViolations, newClientSignUp, signIn } from './journey';

interface Row {
  day: string;
  total: number;
  deposits: number;
  profit: number;
}

/** The rows of the chart's text alternative (the days the API answered), in day order. */
async function chartRows(page: Page): Promise<Row[]> {
  const table = page.getByTestId('account-value-table');
  await expect(table.locator('tbody tr').first()).toBeAttached();
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = (column: string) => Number(tr.querySelector(`[data-column="${column}"]`)!.textContent);
      const row = tr as HTMLElement;
      return {
        day: row.dataset.day!,
        total: Number(row.dataset.total),
        deposits: cell('deposits'),
        profit: cell('profit'),
      };
    }),
  );
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('a client with deposits and profit sees their account value by day, as the ledger has it', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Vera', 'Value', 'chart');
  const fortyFiveDaysAgo = Date.now() - 45 * 86_400_000;
  const { token } = await clientWithLines(readMail, signUp, [
    { amount: 400, transactionType: 'deposit', details: 'Wire received', date: new Date(fortyFiveDaysAgo) },
    { amount: 150, transactionType: 'deposit', details: 'Wire received' },
    { amount: 25.5, transactionType: 'profit', details: 'Trading profit' },
  ]);
  const figures = (await call('GET', '/ledger/account', undefined, token)) as {
    data: { balance: number; held: number; invested: number };
  };
  const ledgerValue = figures.data.balance + figures.data.held + figures.data.invested;
  expect(ledgerValue).toBe(575.5);

  await signIn(page, signUp);
  const section = page.getByRole('region', { name: 'Account value' });
  await expect(section.getByTestId('account-value-plot')).toBeVisible();
  await expect(section.getByText(/^\$575\.50 on /)).toBeVisible();

  // 1M (the default): the value carried from before the month, then today's deposit and profit
  const today = dayOf(Date.now());
  let rows = await chartRows(page);
  expect(rows[0]).toMatchObject({ total: 400, deposits: 0 });
  expect(rows[0]!.day < dayOf(Date.now() - 27 * 86_400_000)).toBe(true);
  expect(rows.at(-1)).toEqual({ day: today, total: ledgerValue, deposits: 150, profit: 25.5 });

  // All: from the first deposit's day
  await section.getByText('All', { exact: true }).click();
  await expect.poll(async () => (await chartRows(page))[0]?.day).toBe(dayOf(fortyFiveDaysAgo));
  rows = await chartRows(page);
  expect(rows).toEqual([
    { day: dayOf(fortyFiveDaysAgo), total: 400, deposits: 400, profit: 0 },
    { day: today, total: ledgerValue, deposits: 150, profit: 25.5 },
  ]);
  // 3M: from nothing (the day before the range) to the same days
  await section.getByText('3M', { exact: true }).click();
  await expect.poll(async () => (await chartRows(page)).length).toBe(3);
  expect((await chartRows(page))[0]).toMatchObject({ total: 0, deposits: 0 });

  // the provider is unreachable: its chart leaves no box and no notice behind
  await expect(page.getByRole('heading', { name: 'Price chart' })).toHaveCount(0);
  await expect(page.getByText(/not available|unavailable/i)).toHaveCount(0);
  await checkPageState(page, 'account home with its charts', async () => {
    await expect(section.getByTestId('account-value-plot')).toBeVisible();
  });
});

test('when the provider answers, its price chart shows beside the account value, by instrument', async ({
  page,
}) => {
  // the provider's embed script, answered here with an empty script (the host stays unreachable)
  await page.route('https://s3.tradingview.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await signIn(page, { email: 'client@demo.test', password: 'Client#2026demo' });
  const price = page.getByRole('region', { name: 'Price chart', exact: true });
  await expect(price).toBeVisible();
  const script = price.locator('script[src*="embed-widget-advanced-chart.js"]');
  await expect(script).toHaveCount(1);
  expect(await script.textContent()).toContain('"symbol":"FX:EURUSD"');
  await expect(price.getByRole('region', { name: 'EUR/USD chart' })).toBeVisible();
  await price.getByLabel('Instrument').selectOption({ label: 'BTC/USD' });
  await expect(price.getByRole('region', { name: 'BTC/USD chart' })).toBeVisible();
  await expect.poll(async () => price.locator('script').first().textContent()).toContain('BITSTAMP:BTCUSD');
  const [value, chart] = await Promise.all([
    page.getByRole('region', { name: 'Account value' }).boundingBox(),
    price.boundingBox(),
  ]);
  // side by side at 1280 px
  expect(Math.abs(value!.y - chart!.y)).toBeLessThan(2);
  expect(chart!.x).toBeGreaterThan(value!.x + value!.width - 1);
  await expectNoSeriousViolations(page, 'account home with both charts');
});
