/**
 * Three balances, one account value (docs/product.md "Account value and its three parts"): a client
 * with a deposit of $7,350, a pending withdrawal of $850 (held) and a plan of $1,000 (invested)
 * reads one headline, "Account value $7,350.00", with Available $5,500.00, Held $850.00 and
 * Invested $1,000.00 beneath it, which add up; the chart heading and the proof of liabilities name
 * the same figure with the same words; the plan line reads as a move between parts and the pending
 * lines as pending (neutral tone, not green or red), while the posted deposit stays a credit. axe on
 * the account home.
 */
import type { Locator } from '@playwright/test';
import { addActiveDestination, approveIdentity } from './destinations';
import { codeIn, expect, MAIL_WAIT, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  doneEvenIfHeld,
  newClientSignUp,
  PNG_DATA_URL,
  shootBothWidths,
  signIn,
  signUpVerified,
} from './journey';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** "$7,350.00" → 7350. */
const usd = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/** The amount cell of the recent-transactions row that reads `type` and `status`. */
function amountOf(rows: Locator, type: string, status: string) {
  return rows.filter({ hasText: type }).filter({ hasText: status }).locator('[data-tone]');
}

test('one account value with Available, Held and Invested beneath it, named the same everywhere', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Tess', 'Three', 'three-balances');
  const client = await signUpVerified(readMail, signUp);
  const { token: owner } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  const line = { amount: 7350, transactionType: 'deposit', details: 'Wire received' };
  await doneEvenIfHeld(await call('POST', `/transaction/${client.id}`, line, owner));

  // a pending withdrawal of $850: held until the desk decides
  await approveIdentity(client);
  await addActiveDestination({ token: client.token, email: signUp.email }, readMail, {
    kind: 'crypto',
    label: 'Bitcoin wallet',
    network: 'bitcoin',
    address: ADDRESS,
  });
  const withdrawal = { amount: 850, address: ADDRESS, wallet: 'bitcoin' };
  await call('POST', '/withdrawals/code', { method: 'crypto', ...withdrawal }, client.token);
  await expect.poll(async () => (await readMail(signUp.email)).text, MAIL_WAIT).toContain('$850.00');
  const code = codeIn(await readMail(signUp.email));
  await call('POST', '/c-withdrawals', { ...withdrawal, token: code }, client.token);

  // a plan of $1,000 (invested) and a deposit of $2,500 still waiting for review
  await call('POST', '/user/active-plan', { amount: 1000, duration: 7, plan: 'copy_trading' }, client.token);
  await call('POST', '/deposits', { amount: 2500, image: PNG_DATA_URL }, client.token);
  await call('POST', '/transparency/liabilities', {}, owner);

  await signIn(page, signUp);
  await expect(page).toHaveURL(/\/account\/home$/);

  // one headline total, its three parts beneath it, adding up
  const value = page.getByTestId('account-value');
  await expect(value.getByText('Account value', { exact: true })).toBeVisible();
  await expect(value.getByTestId('account-value-total')).toHaveText('$7,350.00');
  const parts = { available: '$5,500.00', held: '$850.00', invested: '$1,000.00' };
  for (const [part, shown] of Object.entries(parts)) {
    await expect(value.getByTestId(`account-value-${part}`)).toHaveText(shown);
  }
  await expect(value.getByText('Available', { exact: true })).toBeVisible();
  await expect(value.getByText('Held', { exact: true })).toBeVisible();
  await expect(value.getByText('Invested', { exact: true })).toBeVisible();
  const sum = Object.values(parts).reduce((s, p) => s + usd(p), 0);
  expect(sum).toBe(usd(await value.getByTestId('account-value-total').textContent()));
  // the plan's move is explained where the client sees it
  await expect(value).toContainText(
    'Opening a plan moves money from Available to Invested; your account value stays the same.',
  );

  // the same figure, the same name: the chart heading and the proof of liabilities
  await expect(page.getByRole('heading', { name: 'Account value', level: 2 })).toBeVisible();
  await expect(page.getByTestId('account-value-latest')).toContainText('$7,350.00');
  await expect(
    page.getByText(/^Your account value of \$7,350\.00 is included in the published total/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Your balance of/)).toHaveCount(0);

  // internal moves and pending lines are neutral; posted money in is a credit
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  const plan = amountOf(rows, 'Plan opened', 'Successful');
  await expect(plan).toHaveAttribute('data-tone', 'moved');
  await expect(plan).toContainText('Available to Invested');
  await expect(amountOf(rows, 'Withdrawal', 'Pending')).toHaveAttribute('data-tone', 'pending');
  await expect(amountOf(rows, 'Deposit', 'Pending')).toHaveAttribute('data-tone', 'pending');
  await expect(amountOf(rows, 'Deposit', 'Successful')).toHaveAttribute('data-tone', 'credit');
  for (const neutral of [plan, amountOf(rows, 'Withdrawal', 'Pending')]) {
    await expect(neutral).not.toContainText('−');
    await expect(neutral).not.toContainText('+');
  }

  await checkPageState(page, 'account home with three balances', () =>
    expect(value.getByTestId('account-value-total')).toBeVisible(),
  );
  await shootBothWidths(page, 'three-balances-home', () => expect(plan).toBeVisible());
});
