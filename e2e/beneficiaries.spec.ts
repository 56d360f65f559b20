/**
 * The withdrawal address book (docs/security.md "Withdrawal address book"): a fresh client adds an
 * Ethereum destination with the shared checksum check (a broken EIP-55 checksum is refused on the
 * field first), opens the e-mailed single-use link, and sees the waiting period with the time the
 * destination becomes usable; the link opened again is refused. The withdrawal forms offer no
 * destination meanwhile (a link to add one, the waiting one with its time); once the clock moves
 * past the wait (the e2e server's test hook), the client withdraws to it through the form, with the
 * mailed code; and by bank transfer to a bank account saved by its IBAN alone, shown masked. axe
 * on the empty book, the waiting destination and both states of the withdrawal
 * form, with screenshots at both widths.
 */
import type { Page } from '@playwright/test';
import { moveBeneficiaryClock, moveSecurityHoldClock, readyToWithdraw } from './destinations';
import { codeIn, expect, test } from './fixtures';
import { checkPageState, newClientSignUp, signIn, signUpVerified } from './journey';

/** Screenshots of the page at 1280 and 375 px, named `name`-<width>.png, back at 1280 after. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BROKEN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

test('a destination is added, confirmed by its e-mailed link and waits before it is usable', async ({
  page,
  readMail,
}) => {
  const client = newClientSignUp('Bea', 'Neficiary', 'book');
  const session = await signUpVerified(readMail, client);
  await readyToWithdraw(session, 100);
  await signIn(page, client);
  await page.getByRole('link', { name: 'Withdrawal addresses' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal addresses' })).toBeVisible();
  const empty = page.getByText('Your address book is empty');
  await checkPageState(page, 'the empty address book', () => expect(empty).toBeVisible());

  await page.getByLabel('Label').fill('Hardware wallet');
  await page.getByLabel('Network').selectOption('ethereum');
  await page.getByRole('textbox', { name: 'Address' }).fill(BROKEN);
  await page.getByRole('button', { name: 'Add destination' }).click();
  // anchored: the form's error summary repeats the message after "1 field needs attention: "
  await expect(page.getByText(/^This is not a valid address for the chosen network/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Address' }).fill(GOOD);
  await page.getByRole('button', { name: 'Add destination' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Hardware wallet' });
  await expect(card.getByText('Awaiting confirmation')).toBeVisible();

  // the newest mail may be the sign-in alert, sent by the outbox worker after this one was queued
  const mail = await readMail(client.email, 'Confirm your new withdrawal destination');
  const link = new URL(/https?:\/\/\S+confirm=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  await expect(card.getByText('Waiting period')).toBeVisible();
  await expect(card.getByText(/^Usable from /)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/withdrawal-addresses$/);
  await checkPageState(page, 'a destination in its waiting period', () => expect(card).toBeVisible());
  await screenshots(page, 'withdrawal-addresses');

  await page.goto(link.pathname + link.search);
  await expect(page.getByText('This confirmation link is not valid').first()).toBeVisible();
  await expect(card.getByText('Waiting period')).toBeVisible();

  // a bank account by its IBAN alone (printed with spaces), confirmed by its own link
  await page.getByText('Bank account', { exact: true }).click();
  await page.getByLabel('Label').fill('Euro account');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('SWIFT/BIC').fill('DEUTDEFF');
  await page.getByLabel('Bank name').fill('Deutsche Bank');
  await page.getByLabel("Account holder's name").fill('Bea Neficiary');
  await page.getByRole('button', { name: 'Add destination' }).click();
  const bankCard = page.getByRole('listitem').filter({ hasText: 'Euro account' });
  await expect(bankCard.getByText('Awaiting confirmation')).toBeVisible();
  let bankLink = link;
  await expect
    .poll(async () => {
      const text = (await readMail(client.email, 'Confirm your new withdrawal destination')).text;
      bankLink = new URL(/https?:\/\/\S+confirm=[A-Za-z0-9_-]+/.exec(text)![0]);
      return bankLink.search;
    })
    .not.toBe(link.search);
  await page.goto(bankLink.pathname + bankLink.search);
  await expect(bankCard.getByText('Waiting period')).toBeVisible();

  // while it waits, the Ethereum form offers no destination: a link to add one, the waiting one
  // with the time it becomes usable; the bank form has none either
  await page.goto('/account/withdrawal/withdraw?wallet=ethereum');
  const pending = page.getByRole('region', { name: 'Not usable yet' });
  await checkPageState(page, 'the withdrawal form with no active destination', () =>
    expect(pending.getByText(/Usable from /)).toBeVisible(),
  );
  await expect(pending).toContainText('Hardware wallet');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add a withdrawal address' })).toHaveAttribute(
    'href',
    '/account/withdrawal-addresses',
  );
  await screenshots(page, 'crypto-withdrawal-waiting');
  await page.goto('/account/withdrawal/bank');
  await expect(page.getByRole('link', { name: 'Add a withdrawal address' })).toBeVisible();
  await screenshots(page, 'bank-withdrawal-empty');

  // the clock moves past the waiting period (the server's test hook, not a sleep): it is active;
  // and past the hold on withdrawals after this first sign-in from a new device
  await moveBeneficiaryClock(client.email, 25);
  await moveSecurityHoldClock(client.email, 25);
  await page.goto('/account/withdrawal-addresses');
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText(/^Usable since /)).toBeVisible();

  // and the form withdraws to it, chosen by its label, confirmed by the mailed code
  await page.goto('/account/withdrawal/withdraw?wallet=ethereum');
  const destination = page.getByRole('radio', { name: /^Hardware wallet/ });
  await checkPageState(page, 'the withdrawal form with an active destination', () =>
    expect(destination).toBeVisible(),
  );
  await expect(page.getByText('Ethereum (ETH) · ending in eAed')).toBeVisible();
  await screenshots(page, 'crypto-withdrawal-active');
  await page.getByLabel('Amount').fill('40');
  await destination.check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A confirmation code has been sent to your e-mail')).toBeVisible();
  const codeMail = await readMail(client.email, 'Your withdrawal confirmation code');
  expect(codeMail.text).toContain('a withdrawal of $40.00 to Ethereum (ETH) address ending in eAed');
  await page.getByLabel('Confirmation code').fill(codeIn(codeMail));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Withdrawal request submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/withdrawal\?success=true$/);
  await page.goto('/account/withdrawal/withdraw?wallet=ethereum');
  await expect(page.getByText('Held for pending withdrawals: $40.00')).toBeVisible();

  // and the bank form to the IBAN, shown masked, the code mailed for that IBAN
  await page.goto('/account/withdrawal/bank');
  const euro = page.getByRole('radio', { name: /^Euro account/ });
  await expect(page.getByText('IBAN ending in 3000 · Deutsche Bank')).toBeVisible();
  await screenshots(page, 'bank-withdrawal-iban');
  await page.getByLabel('Amount').fill('20');
  await euro.check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A confirmation code has been sent to your e-mail')).toBeVisible();
  await expect
    .poll(async () => (await readMail(client.email, 'Your withdrawal confirmation code')).text)
    .toContain('a withdrawal of $20.00 to IBAN ending in 3000 at Deutsche Bank');
  const bankCode = await readMail(client.email, 'Your withdrawal confirmation code');
  await page.getByLabel('Confirmation code').fill(codeIn(bankCode));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/account\/withdrawal\?success=true$/);
  await page.goto('/account/withdrawal/bank');
  await expect(page.getByText('Held for pending withdrawals: $60.00')).toBeVisible();
});
