/**
 * The withdrawal address book (docs/security.md "Withdrawal address book"): a fresh client adds an
 * Ethereum destination with the shared checksum check (a broken EIP-55 checksum is refused on the
 * field first), opens the e-mailed single-use link, and sees the waiting period with the time the
 * destination becomes usable; the link opened again is refused. axe at 1280 and 375 px on the empty
 * book and on the waiting destination, with screenshots at both widths.
 */
import { expect, test } from './fixtures';
import { checkBothWidths, newClientSignUp, signIn, signUpVerified } from './journey';

const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BROKEN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

test('a destination is added, confirmed by its e-mailed link and waits before it is usable', async ({
  page,
  readMail,
}) => {
  const client = newClientSignUp('Bea', 'Neficiary', 'book');
  await signUpVerified(readMail, client);
  await signIn(page, client);
  await page.getByRole('link', { name: 'Withdrawal addresses' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal addresses' })).toBeVisible();
  const empty = page.getByText('Your address book is empty');
  await checkBothWidths(page, 'the empty address book', () => expect(empty).toBeVisible());

  await page.getByLabel('Label').fill('Hardware wallet');
  await page.getByLabel('Network').selectOption('ethereum');
  await page.getByRole('textbox', { name: 'Address' }).fill(BROKEN);
  await page.getByRole('button', { name: 'Add destination' }).click();
  await expect(page.getByText('This is not a valid address for the chosen network')).toBeVisible();
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
  await checkBothWidths(page, 'a destination in its waiting period', () => expect(card).toBeVisible());
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.screenshot({
      path: test.info().outputPath(`withdrawal-addresses-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(link.pathname + link.search);
  await expect(page.getByText('This confirmation link is not valid').first()).toBeVisible();
  await expect(card.getByText('Waiting period')).toBeVisible();
});
