/**
 * What is displayed is what was sealed (docs/transparency.md "What your browser checks"): a server
 * that shows one amount while the journal sealed another is caught by the client's browser. The
 * history's answer is altered on its way to the page (Playwright's page.route stands for an operator
 * who edits what the history reads, as `UPDATE deposits SET amount = …` did, while the sealed
 * entries stay as they were): the altered lines read "Not verified: shown X, sealed Y", a red alert
 * heads the page, and no line under it stays green ("Matches, see the alert above"). A line whose
 * proof is answered as left out of the log (posted before the last seal, never sealed) reads "Not
 * sealed" under an alert. axe on it; screenshots into SHOTS_DIR when it is set.
 */
import type { Page } from '@playwright/test';
import type { PublicTransaction } from '@common/schemas/transactions';
import { BASE_URL } from './env';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import { call, checkPageState, errorAnswer, newClientSignUp, shootBothWidths, signIn } from './journey';

/** Polls until every id's inclusion proof answers (the e2e server seals every second). */
async function waitUntilSealed(ids: string[], token: string) {
  await expect
    .poll(
      async () =>
        (
          await Promise.all(
            ids.map((id) =>
              fetch(`${BASE_URL}/api/transparency/inclusion/${id}`, {
                headers: { authorization: `Bearer ${token}` },
              }),
            ),
          )
        ).every((res) => res.ok),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Serves the history with `edit` applied to each line, as a server showing something else would. */
async function alterHistory(page: Page, edit: (line: PublicTransaction) => PublicTransaction) {
  await page.route('**/api/transaction/all**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: PublicTransaction[]; total: number };
    await route.fulfill({ response, json: { ...body, data: body.data.map(edit) } });
  });
}

test('a client sees lines shown differently from the sealed journal as not verified, under an alert', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Dee', 'Splay', 'display');
  const { token } = await clientWithLines(readMail, signUp, [
    { amount: 250, transactionType: 'deposit', details: 'Wire received' },
    { amount: 40, transactionType: 'withdrawal', details: 'Paid out' },
    { amount: 12.5, transactionType: 'profit', details: 'Trading profit' },
  ]);
  const history = (await call('GET', '/transaction/all', undefined, token)) as { data: PublicTransaction[] };
  await waitUntilSealed(
    history.data.map((line) => line._id),
    token,
  );

  await signIn(page, signUp);
  await alterHistory(page, (line) =>
    line.type === 'deposit'
      ? { ...line, amount: 2500 }
      : line.type === 'withdrawal'
        ? { ...line, amount: 4 }
        : line,
  );
  await page.goto('/account/transaction-history');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByText('Not verified: shown +$2,500.00, sealed +$250.00')).toBeVisible();
  await expect(table.getByText('Not verified: shown -$4.00, sealed -$40.00')).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This page differs from the sealed journal');
  await expect(alert).toContainText('2 lines do not match it');
  // the profit line matches, but stays grey under the alert
  await expect(table.getByText('Matches, see the alert above')).toHaveCount(1);
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);

  const ready = () => expect(page.getByText('Not verified: shown +$2,500.00, sealed +$250.00')).toBeVisible();
  await shootBothWidths(page, 'history-mismatch', ready);
  await checkPageState(page, 'history with lines that differ from the journal', ready);

  // the same page served as it was sealed: every line verified, no alert
  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expect(table.getByText('Verified', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // the profit line's proof answered as the server answers an entry posted before the last seal
  // but never sealed (a back-dated row): "Not sealed" under an alert, never "Pending seal"
  const profit = history.data.find((line) => line.type === 'profit')!;
  await page.route(`**/api/transparency/inclusion/${profit._id}**`, (route) =>
    route.fulfill(errorAnswer('entry_left_out')),
  );
  await page.reload();
  await expect(
    table.getByText('Not sealed: posted before the last seal, but left out of the journal'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Some entries were left out of the journal');
  await expect(table.getByText('Matches, see the alert above')).toHaveCount(2);
  await expect(page.getByText('Pending seal')).toHaveCount(0);
});
