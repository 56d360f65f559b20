/**
 * Funding journeys: a client deposits with a proof image, the admin approves it from the pending
 * reviews queue, the client sees the balance and the history line; the client withdraws with the
 * e-mailed confirmation code, the admin declines it, and the held amount returns to available.
 * An admin credit is added and voided (a reversal; nothing is deleted). An amount typed `1,000`
 * arrives as 1000. The forms' own states (missing fields, refused amounts, busy buttons, the code
 * button resting) are web component tests (deposit-form-page.test.tsx,
 * crypto-withdrawal-form-page.test.tsx); axe on the funding routes is in a11y-routes.spec.ts.
 */
import type { Page } from '@playwright/test';
import { MONEY_MSG } from '../common/messages';
import { codeIn, expect, test } from './fixtures';
import { ADMIN, newClientSignUp, newOfflineContext, signIn, signUpVerified } from './journey';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CLIENT = { email: 'client@demo.test', password: 'Client#2026demo' };

/** The admin works in a browser of their own (own session and cookies), offline like `page`. */
const journey = test.extend<{ adminPage: Page }>({
  adminPage: async ({ browser }, use) => {
    const context = await newOfflineContext(browser);
    await use(await context.newPage());
    await context.close();
  },
});

/** The available balance shown on the withdrawal form, in cents. */
async function availableCents(page: Page): Promise<number> {
  await page.goto('/account/withdrawal/withdraw?wallet=bitcoin');
  const text = await page.getByText(/^Available balance: \$/).textContent();
  const [, dollars] = /\$([\d,]+\.\d\d)/.exec(text ?? '') ?? [];
  return Math.round(Number(dollars!.replace(/,/g, '')) * 100);
}

/**
 * Approves or declines the demo client's queue row of `amount`, through the confirmation; a
 * decline gives `reason` (the dialog's refusal of a missing one is reason-confirm.test.tsx's).
 */
async function review(
  adminPage: Page,
  amount: string,
  verb: 'Approve' | 'Decline',
  done: string,
  reason?: string,
) {
  await adminPage.goto('/admin/pending-reviews');
  const row = adminPage.getByRole('row').filter({ hasText: 'Chris Client' }).filter({ hasText: amount });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: verb }).click();
  const dialog = adminPage.getByRole('dialog');
  if (reason !== undefined) await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: verb }).click();
  await expect(adminPage.getByText(done)).toBeVisible();
  await expect(row).toHaveCount(0);
}

journey(
  'deposit approved from the queue, then a withdrawal declined',
  async ({ page, adminPage, readMail }) => {
    await signIn(page, CLIENT);
    await signIn(adminPage, ADMIN, true);
    const start = await availableCents(page);

    // The client deposits $250 by Bitcoin with a proof image.
    await page.goto('/account/deposit');
    await page.getByRole('link', { name: /Bitcoin/ }).click();
    await expect(page).toHaveURL(/\/account\/deposit\/bitcoin\?wallet=bitcoin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deposit with Bitcoin');
    await page.getByLabel('Amount (USD)').fill('250');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Chosen proof of payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(page.getByText('Deposit request submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/deposit\?success=true$/);
    await expect(page.getByText(MONEY_MSG.depositReceived)).toBeVisible();

    // The admin looks at the proof and approves the deposit from the global queue.
    await adminPage.goto('/admin/pending-reviews');
    const depositRow = adminPage
      .getByRole('row')
      .filter({ hasText: 'Chris Client' })
      .filter({ hasText: '$250.00' });
    await depositRow.getByRole('button', { name: 'View proof' }).click();
    await expect(adminPage.getByRole('img', { name: 'Proof of payment, full size' })).toBeVisible();
    await adminPage.keyboard.press('Escape');
    await review(adminPage, '$250.00', 'Approve', 'Deposit approved successfully');

    // The client sees the new balance and a Successful history line.
    expect(await availableCents(page)).toBe(start + 25_000);
    await page.goto('/account/transaction-history');
    const depositLine = page.getByRole('row').filter({ hasText: 'Deposit' }).filter({ hasText: '$250.00' });
    await expect(depositLine).toContainText('Bitcoin');
    await expect(depositLine).toContainText('Successful');

    // Withdrawing with the mailed code: it is for the withdrawal the form holds, so its mail names
    // the amount and the masked address
    await page.goto('/account/withdrawal/withdraw?wallet=bitcoin');
    await page.getByLabel('Amount').fill('100');
    // the demo client's address book holds it, active (server/demo-data.ts)
    await page.getByRole('radio', { name: /^Bitcoin wallet/ }).check();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('A confirmation code has been sent to your e-mail')).toBeVisible();
    await expect
      .poll(async () => (await readMail(CLIENT.email)).subject)
      .toBe('Your withdrawal confirmation code');
    const codeMail = await readMail(CLIENT.email);
    expect(codeMail.text).toContain('a withdrawal of $100.00 to Bitcoin (BTC) address ending in 5mdq');
    await page.getByLabel('Confirmation code').fill(codeIn(codeMail));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Withdrawal request submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/withdrawal\?success=true$/);
    expect(await availableCents(page)).toBe(start + 15_000);
    await expect(page.getByText('Held for pending withdrawals: $100.00')).toBeVisible();

    // The admin declines it; the held amount returns to available.
    await review(
      adminPage,
      '$100.00',
      'Decline',
      'Withdrawal declined successfully',
      'The wallet address could not be verified',
    );
    expect(await availableCents(page)).toBe(start + 25_000);
    await expect(page.getByText(/Held for pending withdrawals/)).toHaveCount(0);

    // The history's filters find the declined withdrawal.
    await page.goto('/account/transaction-history');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Withdrawal' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    const withdrawalLine = page.getByRole('row').filter({ hasText: '$100.00' });
    await expect(withdrawalLine).toContainText('Rejected');
    await expect(page.getByRole('row')).toHaveCount(2);
    // it moved no money: no sign, neutral colour, and the reason in its details
    await expect(withdrawalLine).toContainText('The wallet address could not be verified');
    await expect(withdrawalLine.getByText('$100.00', { exact: true })).toBeVisible();
    await expect(withdrawalLine).not.toContainText('−$100.00');
  },
);

journey(
  'an admin credit shows in the client history and is voided by a reversal',
  async ({ page, adminPage }) => {
    await signIn(page, CLIENT);
    await signIn(adminPage, ADMIN, true);
    const start = await availableCents(page);
    const clientId = await page.evaluate(
      () =>
        (
          JSON.parse((sessionStorage.getItem('su_user') ?? localStorage.getItem('su_user'))!) as {
            _id: string;
          }
        )._id,
    );

    await adminPage.goto(`/admin/transactions/${clientId}?name=Chris%20Client`);
    await adminPage.getByRole('link', { name: 'Add transaction' }).click();
    await expect(adminPage.getByText('Client: Chris Client')).toBeVisible();
    await adminPage.getByLabel('Amount (USD)').fill('10');
    await adminPage.getByRole('combobox', { name: 'Type' }).click();
    await adminPage.getByRole('option', { name: 'Bonus' }).click();
    await adminPage.getByLabel('Details').fill('Goodwill credit for a delayed payout');
    await adminPage.getByRole('button', { name: 'Add transaction' }).click();
    await expect(adminPage.getByText('Transaction added successfully')).toBeVisible();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/transactions/${clientId}\\?name=`));
    expect(await availableCents(page)).toBe(start + 1_000);

    const credit = adminPage.getByRole('row').filter({ hasText: 'Goodwill credit for a delayed payout' });
    await credit.getByRole('button', { name: 'Void' }).click();
    const dialog = adminPage.getByRole('dialog');
    await expect(dialog).toContainText('It will be voided by a reversing entry; the history keeps both.');
    await dialog.getByLabel('Reason').fill('Credited to the wrong client');
    await dialog.getByRole('button', { name: 'Void' }).click();
    await expect(adminPage.getByText('Transaction voided successfully')).toBeVisible();
    await expect(credit).toContainText('Voided');
    await expect(credit.getByRole('button', { name: 'Void' })).toBeDisabled();
    expect(await availableCents(page)).toBe(start);

    await page.goto('/account/transaction-history');
    await expect(
      page.getByRole('row').filter({ hasText: 'Reversal' }).filter({ hasText: '$10.00' }),
    ).toHaveCount(1);
  },
);

journey('the notice after a withdrawal closes itself after 25 s and clears the flag', async ({ page }) => {
  await signIn(page, CLIENT);
  await page.clock.install();
  await page.goto('/account/withdrawal?success=true');
  const notice = page.getByText(
    'Withdrawal Request Successful! Please wait for system to validate this transaction',
  );
  await expect(notice).toBeVisible();
  await page.clock.fastForward(24_000);
  await expect(notice).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/account\/withdrawal$/);
});

test('an amount typed 1,000 arrives as a thousand and shows so in the history', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Mona', 'Money', 'money');
  await signUpVerified(readMail, signUp);
  await signIn(page, signUp);
  await page.goto('/account/deposit/bitcoin?wallet=bitcoin');
  const amount = page.getByLabel('Amount (USD)');
  const submit = page.getByRole('button', { name: 'Submit deposit' });
  // grouped thousands: read as one thousand, shown back on leaving the field
  await amount.fill('1,000');
  await amount.blur();
  await expect(amount).toHaveValue('1,000.00');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST',
  );
  await submit.click();
  expect(((await (await answer).json()) as { data: { amount: number } }).data.amount).toBe(1000);
  await expect(page.getByText('Deposit request submitted successfully')).toBeVisible();
  await page.goto('/account/transaction-history');
  await expect(page.getByRole('row').filter({ hasText: 'Deposit' })).toContainText('$1,000.00');
});
